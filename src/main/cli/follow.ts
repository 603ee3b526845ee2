import type { EventSummary, LogLine, WorkflowRun } from '../../shared/resources';
import type { FeedReader } from './feed';
import { eventIdAfter } from './feed';
import { eventLine, logLine, runLine, summaryFromFrame } from './format';
import type { Output } from './output';
import type { Target } from './resolve-target';

export interface FollowOptions {
  events?: boolean;
  /** Source console lines; for a workflow, the step logs of each finished run. */
  logs?: boolean;
  /** A line per finished workflow run. */
  runs?: boolean;
  /** With `--json`, wrap each record as `{"type": "event"|"log"|"run", …}` (mixed streams). */
  tagged?: boolean;
  /** Events up to this id were printed already. */
  afterEventId?: string;
}

/**
 * Prints what the target does, as it happens, until the stream ends (Ctrl-C). Events are
 * event summaries, logs `{ts, stream, line}`, runs as `GET …/runs/{id}` gives them.
 */
export async function follow(feed: FeedReader, out: Output, target: Pick<Target, 'kind' | 'id'>, o: FollowOptions): Promise<void> {
  let lastEvent = o.afterEventId;
  const tag = <T extends object>(type: string, v: T) => (o.tagged ? { type, ...v } : v);
  for await (const f of feed) {
    if (f.type === 'emit' && o.events && f.emitter_id === target.id) {
      if (!eventIdAfter(f.frame.id, lastEvent)) continue;
      lastEvent = f.frame.id;
      const e: EventSummary = summaryFromFrame(f.frame);
      out.record(tag('event', e), () => eventLine(out, e));
    } else if (f.type === 'log' && o.logs && target.kind === 'source' && f.source_id === target.id) {
      const l: LogLine = f.line;
      out.record(tag('log', l), () => logLine(out, l));
    } else if (f.type === 'run' && target.kind === 'workflow' && f.workflow_id === target.id && f.run.status !== 'running') {
      const run: WorkflowRun = f.run;
      if (o.runs) out.record(tag('run', run), () => runLine(out, run));
      if (o.logs) {
        for (const s of run.steps) for (const l of s.logs) out.record(tag('log', { ...l, run_id: run.id, step: s.name }), () => logLine(out, l, out.color.dim(`${s.name}: `)));
      }
    }
  }
}
