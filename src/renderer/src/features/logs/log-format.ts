import type { LogLine, WorkflowRun } from '../../../../shared/resources';

/** A log line as a terminal shows it: optionally tagged (a workflow step's name). */
export type TermLine = LogLine & { tag?: string };

const DIM = '\x1b[2m';
const UNDIM = '\x1b[22m';
const RED = '\x1b[31m';
const YELLOW = '\x1b[33m';
const CYAN = '\x1b[36m';
const RESET_FG = '\x1b[39m';

/** `HH:MM:SS.mmm` in local time. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/**
 * One line for xterm, ending in a newline: a dim time, the tag, then the text — stderr in red,
 * Runnel's own `[runnel]` notes in yellow, stdout as written.
 */
export function formatLine(l: TermLine): string {
  const colour = l.line.startsWith('[runnel]') ? YELLOW : l.stream === 'stderr' ? RED : '';
  const tag = l.tag ? `${CYAN}[${l.tag}]${RESET_FG} ` : '';
  const text = colour ? `${colour}${l.line}${RESET_FG}` : l.line;
  return `${DIM}${clockTime(l.ts)}${UNDIM} ${tag}${text}\n`;
}

/** Identity of a line, to drop a live line the initial read already had. */
export function lineKey(l: LogLine): string {
  return `${l.ts}\u0000${l.stream}\u0000${l.line}`;
}

/** Whether `next` is `prev` with lines appended (then only the tail needs writing). */
export function extendsLines(prev: readonly LogLine[], next: readonly LogLine[]): boolean {
  if (next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++) if (lineKey(prev[i]) !== lineKey(next[i])) return false;
  return true;
}

/** A run's step logs in step order, each line tagged with its step's name. */
export function runLogLines(run: WorkflowRun): TermLine[] {
  return run.steps.flatMap((s) => s.logs.map((l) => ({ ...l, tag: s.name })));
}

/** Of two copies of the same run, the one further along (ended beats running, then more steps). */
export function furtherRun(a: WorkflowRun | undefined, b: WorkflowRun | undefined): WorkflowRun | undefined {
  if (!a || !b) return a ?? b;
  if ((a.ended_at === null) !== (b.ended_at === null)) return a.ended_at !== null ? a : b;
  const logs = (r: WorkflowRun) => r.steps.reduce((n, s) => n + s.logs.length, 0);
  return b.steps.length > a.steps.length || (b.steps.length === a.steps.length && logs(b) > logs(a)) ? b : a;
}
