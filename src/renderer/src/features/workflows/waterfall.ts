import type { WorkflowRun } from '../../../../shared/resources';

export interface WaterfallBar {
  name: string;
  status: string;
  /** Start and length as fractions of the run's span (0–1). */
  left: number;
  width: number;
  startMs: number;
  durationMs: number;
}

/**
 * Steps laid out on the run's time axis. Steps run one after another and a run records only
 * each step's duration, so a step starts where the previous ones end; skipped steps take no time.
 */
export function waterfall(run: WorkflowRun, now: number = Date.now()): { total: number; bars: WaterfallBar[] } {
  const sum = run.steps.reduce((n, s) => n + (s.duration_ms || 0), 0);
  const total = Math.max(1, run.duration_ms ?? (run.status === 'running' ? now - run.started_at : sum), sum);
  let at = 0;
  const bars = run.steps.map((s) => {
    const d = s.status === 'skipped' ? 0 : s.duration_ms || 0;
    const bar = { name: s.name, status: s.status, left: at / total, width: d / total, startMs: at, durationMs: d };
    at += d;
    return bar;
  });
  return { total, bars };
}
