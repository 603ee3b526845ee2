import { RunnelError } from '../../shared/errors';
import type { RunOutcome, RunRequest } from './source-runs';

export type { RunOutcome, RunRequest };

type Entry =
  | { kind: 'run'; req: RunRequest; resolve(v: RunOutcome): void; reject(e: unknown): void }
  | { kind: 'task'; task: () => Promise<unknown>; resolve(v: unknown): void; reject(e: unknown): void };

const MAX_BATCH = 32;
const MAX_BATCH_BYTES = 1024 * 1024;

export interface WorkQueueOptions {
  /** How many invocations may wait or run; more are refused with 429. */
  capacity: () => number;
  /** Runs a batch of `run` invocations (a queue without it takes tasks only). */
  runBatch?: (reqs: RunRequest[]) => Promise<RunOutcome[]>;
  /**
   * Under load, how long the next batch is held back so that more runs join it (0: never).
   * Only when the previous batch had three or more runs: a source receiving events one or two
   * at a time never waits.
   */
  holdMs?: number;
}

/**
 * One source's or workflow's work, run one entry at a time in arrival order, so event order, dedupe and db
 * state are deterministic. Consecutive runs waiting together go to the sandbox as one batch
 * (still run one by one, in order); lifecycle tasks run alone. Different sources have
 * different queues and run in parallel.
 */
export class WorkQueue {
  private readonly entries: Entry[] = [];
  private inFlight = 0;
  private draining: Promise<void> | undefined;
  private lastBatch = 0;
  private readonly capacity: () => number;
  private readonly runBatch: (reqs: RunRequest[]) => Promise<RunOutcome[]>;
  private readonly holdMs: number;

  constructor(o: WorkQueueOptions) {
    this.capacity = o.capacity;
    this.runBatch = o.runBatch ?? (() => Promise.reject(new Error('this queue takes tasks only')));
    this.holdMs = o.holdMs ?? 0;
  }

  /** Invocations waiting or running. */
  get length(): number {
    return this.entries.length + this.inFlight;
  }

  get full(): boolean {
    return this.length >= this.capacity();
  }

  /** Throws 429 when the queue is full. */
  assertRoom(): void {
    if (this.full) {
      throw new RunnelError('too_many_requests', `This source already has ${this.capacity()} invocations waiting; retry later`);
    }
  }

  /** Queues a `run`; throws 429 at once when the queue is full. */
  run(req: RunRequest): Promise<RunOutcome> {
    this.assertRoom();
    return new Promise((resolve, reject) => {
      this.entries.push({ kind: 'run', req, resolve, reject });
      this.kick();
    });
  }

  /** Queues work that is refused with 429 when the queue is full (a workflow run). */
  boundedTask<T>(task: () => Promise<T>): Promise<T> {
    this.assertRoom();
    return this.task(task);
  }

  /** Queues work that must not be refused (lifecycle changes). */
  task<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.entries.push({ kind: 'task', task, resolve: resolve as (v: unknown) => void, reject });
      this.kick();
    });
  }

  /** Resolves when everything queued so far has finished. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private kick(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      // Queued after the drain's last look but before it ended (by a caller awaiting a run).
      if (this.entries.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.entries.length > 0) {
      const head = this.entries[0];
      if (head.kind === 'task') {
        this.entries.shift();
        this.inFlight = 1;
        try {
          head.resolve(await head.task());
        } catch (err) {
          head.reject(err);
        } finally {
          this.inFlight = 0;
        }
        continue;
      }
      await this.gather();
      const batch = this.takeRuns();
      this.lastBatch = batch.length;
      this.inFlight = batch.length;
      try {
        const outcomes = await this.runBatch(batch.map((e) => e.req));
        // A run whose outcome could not be stored fails; the others of the batch stand.
        batch.forEach((e, i) => (outcomes[i].failed !== undefined ? e.reject(outcomes[i].failed) : e.resolve(outcomes[i])));
      } catch (err) {
        for (const e of batch) e.reject(err);
      } finally {
        this.inFlight = 0;
      }
    }
  }

  /**
   * Batching under load: when runs arrive faster than batches finish (the last batch had three
   * or more), waits `holdMs` before taking the next batch, so that more runs join it and the
   * runner process is woken once for all of them. Waking a process costs far more than
   * running one more invocation in it: this is what lets a busy source keep up with webhooks.
   * A source receiving events one or two at a time never waits, nor does a run whose caller waits for
   * its answer.
   */
  private async gather(): Promise<void> {
    if (this.holdMs <= 0 || this.lastBatch < 3) return;
    const head = this.entries[0];
    if (head?.kind !== 'run' || this.entries.length >= MAX_BATCH / 2) return;
    // Never while someone waits for a run's answer (a custom HTTP response).
    if (this.entries.some((e) => e.kind === 'run' && e.req.onRespond)) return;
    await new Promise((resolve) => setTimeout(resolve, this.holdMs));
  }

  private takeRuns(): Extract<Entry, { kind: 'run' }>[] {
    const out: Extract<Entry, { kind: 'run' }>[] = [];
    let bytes = 0;
    while (out.length < MAX_BATCH) {
      const next = this.entries[0];
      if (!next || next.kind !== 'run') break;
      if (out.length > 0 && bytes + next.req.size > MAX_BATCH_BYTES) break;
      bytes += next.req.size;
      out.push(next);
      this.entries.shift();
    }
    return out;
  }
}
