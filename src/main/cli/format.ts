import type { EventSummary, LogLine, SseEmitFrame, WorkflowRun } from '../../shared/resources';
import { isoTime, type Output } from './output';

/** A stream frame as the event summary `GET …/event_summaries?expand=event` would give. */
export function summaryFromFrame(f: SseEmitFrame): EventSummary {
  return { id: f.id, indexed_at_ms: f.ts, event: f.e, metadata: f.metadata };
}

/** `2026-…Z  <id>  [channel]  summary  {event}` */
export function eventLine(out: Output, e: EventSummary): string {
  const c = out.color;
  const channel = e.metadata.name ? c.magenta(`[${e.metadata.name}] `) : '';
  const summary = e.metadata.summary ? c.bold(e.metadata.summary) + '  ' : '';
  return `${c.dim(isoTime(e.indexed_at_ms))}  ${c.cyan(e.id)}  ${channel}${summary}${compact(e.event)}`;
}

/** `2026-…Z  line` (stderr lines in red). */
export function logLine(out: Output, l: LogLine, prefix = ''): string {
  return `${out.color.dim(isoTime(l.ts))}  ${prefix}${l.stream === 'stderr' ? out.color.red(l.line) : l.line}`;
}

/** One line per finished run: status, duration, each step's outcome. */
export function runLine(out: Output, run: WorkflowRun): string {
  const c = out.color;
  const status = run.status === 'success' ? c.green(run.status) : run.status === 'running' ? c.yellow(run.status) : c.red(run.status);
  const steps = run.steps
    .map((s) => `${s.name}: ${s.status}${s.error ? ` (${s.error.code}: ${s.error.message})` : s.$return_value !== undefined ? ` → ${compact(s.$return_value)}` : ''}`)
    .join(', ');
  return `${c.dim(isoTime(run.started_at))}  ${c.cyan(run.id)}  ${status}${run.duration_ms !== null ? ` ${run.duration_ms} ms` : ''}${steps ? `  ${steps}` : ''}${run.exit_reason ? `  exit: ${run.exit_reason}` : ''}`;
}

/** JSON on one line, cut at 200 characters for a terminal. */
export function compact(v: unknown): string {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 199) + '…' : s;
}

/** `created_at`/`updated_at` are seconds; the CLI prints ISO 8601 UTC. */
export function isoSeconds(s: number | null | undefined): string {
  return s === null || s === undefined ? '-' : isoTime(s * 1000);
}
