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
 * One deployment's work, in arrival order, one entry at a time: runs (refused with 429 when
 * the queue is full; consecutive ones may go to the kind as one batch) and lifecycle tasks
 * (never refused, always alone).
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
  /** Resolves when everything queued so far has finished. */
  idle(): Promise<void>;
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
}

/** Makes the queue of one deployment. */
export type RunQueueFactory = <R>(o: RunQueueOptions<R>) => RunQueue<R>;
