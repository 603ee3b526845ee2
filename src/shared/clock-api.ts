// The virtual clock of timer-driven sources and workflows: request schemas and answers of
// `/v1/{sources|workflows}/{id}/clock/…` (see docs/api.md, "Virtual clock").
import { z } from 'zod';
import type { RunPause, RunResult, WorkflowRun } from './resources';

/** Most firings one advance may run; a longer span is refused whole. */
export const CLOCK_ADVANCE_LIMIT = 1000;
/** The longest single advance: ten years. */
export const CLOCK_MAX_SECONDS = 10 * 365 * 24 * 3600;

export const clockAdvanceBody = z.object({
  seconds: z
    .number({ error: 'must be a number of seconds, such as 3600' })
    .positive('must be more than 0')
    .max(CLOCK_MAX_SECONDS, `must be at most ${CLOCK_MAX_SECONDS} (ten years)`),
});
export type ClockAdvanceBody = z.infer<typeof clockAdvanceBody>;

export const clockNextQuery = z.object({
  n: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(5),
});

/** What a firing's timer event carried: `timestamp` in epoch seconds, `due_at` the same in ISO 8601 UTC. */
export interface FiringTime {
  due_at: string;
  timestamp: number;
}

/** `POST …/clock/fire` on a source: the manual-run answer, plus when the firing was due. */
export type SourceFiring = RunResult & FiringTime;
/** `POST …/clock/fire` on a workflow: the finished run, plus when the firing was due. */
export type WorkflowFiring = WorkflowRun & FiringTime;

/** One firing of an advance. */
export interface ClockRun extends FiringTime {
  ok: boolean;
  error: { name: string; message: string } | null;
  /** Sources: events stored by this firing. */
  emitted?: number;
  /** Workflows: the run this firing started, and how it ended. */
  run_id?: string;
  status?: WorkflowRun['status'];
  /** Workflows: set when this entry is a paused run going on (its pause's kind), not a timer firing. */
  resumed?: RunPause['kind'];
}

/** `POST …/clock/advance`. Times are the timer's virtual clock, ISO 8601 UTC. */
export interface ClockAdvance {
  /** Timer firings run. */
  fired: number;
  /** Paused runs (delays, suspends' timeouts, reruns) that fell due and went on. */
  resumed: number;
  from: string;
  to: string;
  offset_seconds: number;
  /** The next due time after `to`, or null when the schedule never fires again. */
  next: string | null;
  runs: ClockRun[];
}

/** `GET …/clock/next`. */
export interface ClockNext {
  now: string;
  offset_seconds: number;
  times: string[];
}
