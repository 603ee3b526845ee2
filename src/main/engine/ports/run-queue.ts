// The run queue as the engine uses it (a port): one FIFO per deployment. The embedded backend
// is DeploymentQueue (in process); a shared backend keeps the same contract across processes.
import type { TriggerInput } from '../../domain/triggers';

/** A kind's result for a run that could not be stored: the queue rejects that run with `failed`. */
export interface FailedResult {
  failed: unknown;
}

/** Whether a kind's result says its run failed to be stored. */
export function failedResult(r: unknown): r is FailedResult {
  return typeof r === 'object' && r !== null && (r as Partial<FailedResult>).failed !== undefined;
}

/**
 * A deployment's execution controls (a workflow's settings): how many of its runs may run at
 * once, how many may start per window, and how many may wait.
 */
export interface QueueControls {
  /** Runs (batches) that may run at once; 1: each starts when the one before it has ended. */
  concurrency: number;
  /** At most `limit` runs start per `windowMs` of the deployment's clock; limit 0 pauses the queue. */
  throttle: { limit: number; windowMs: number } | null;
  /** How many events may wait (those running not counted); more are refused (Event Queue Full). */
  queueSize: number;
}

/**
 * One deployment's work, in arrival order: runs (refused with 429 when the queue is full;
 * consecutive ones may go to the kind as one batch; with controls, up to `concurrency` at once
 * and no more than the throttle lets start) and lifecycle tasks (never refused, always alone:
 * a task waits for the runs before it, and the runs after it wait for the task).
 */
export interface RunQueue<R = unknown> {
  readonly length: number;
  readonly full: boolean;
  /** Throws too_many_requests when full. */
  assertRoom(): void;
  /** Queues a run; throws too_many_requests at once when the queue is full. */
  run(input: TriggerInput): Promise<R>;
  /** Queues work that must not be refused (create/update/delete). */
  task<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Resolves when nothing runs and nothing could start: everything queued has finished, or
   * what still waits is held by the throttle (a shutdown does not wait for a paused queue).
   */
  idle(): Promise<void>;
  /** Looks again at the controls and the clock (after a settings change or a clock advance). */
  nudge(): void;
  /** Stops its timers; what still waits is dropped. */
  dispose(): void;
}

export interface RunQueueOptions<R> {
  /** What the queue is of, for its 429 message ("source", "workflow"). */
  label: string;
  /** How many runs may wait or run; more are refused with 429. */
  capacity: () => number;
  /** Runs consecutive runs, in order; answers one result per input. */
  runBatch: (inputs: TriggerInput[]) => Promise<R[]>;
  /** The most runs one batch takes (1: no batching). */
  maxBatch: number;
  /** Under load, how long the next batch is held back so that more runs join it (0: never). */
  holdMs: number;
  /** The deployment's execution controls, read at each decision (undefined: one at a time, `capacity`). */
  controls?: () => QueueControls | undefined;
  /** The deployment's clock (its virtual clock), which throttle windows are measured on; default Date.now. */
  now?: () => number;
}

/** Makes the queue of one deployment. */
export type RunQueueFactory = <R>(o: RunQueueOptions<R>) => RunQueue<R>;
