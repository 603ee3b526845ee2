import { RunnelError } from '../../../shared/errors';
import type { TriggerInput } from '../../domain/triggers';
import { failedResult, type RunQueue, type RunQueueFactory, type RunQueueOptions } from '../ports/run-queue';

type Entry<R> =
  | { kind: 'run'; input: TriggerInput; resolve(v: R): void; reject(e: unknown): void }
  | { kind: 'task'; task: () => Promise<unknown>; resolve(v: unknown): void; reject(e: unknown): void };

const MAX_BATCH_BYTES = 1024 * 1024;

/**
 * The embedded run queue: one deployment's work, run one entry at a time in arrival order, so
 * event order, dedupe and db state are deterministic. Consecutive runs waiting together go to
 * the kind as one batch (a source's runs are still run one by one, in order, in one runner
 * round trip); lifecycle tasks run alone. Different deployments have different queues and run
 * in parallel.
 */
export class DeploymentQueue<R> implements RunQueue<R> {
  private readonly entries: Entry<R>[] = [];
  private inFlight = 0;
  private draining: Promise<void> | undefined;
  private lastBatch = 0;

  constructor(private readonly o: RunQueueOptions<R>) {}

  /** Runs waiting or running. */
  get length(): number {
    return this.entries.length + this.inFlight;
  }

  get full(): boolean {
    return this.length >= this.o.capacity();
  }

  assertRoom(): void {
    if (this.full) {
      throw new RunnelError('too_many_requests', `This ${this.o.label} already has ${this.o.capacity()} invocations waiting; retry later`);
    }
  }

  run(input: TriggerInput): Promise<R> {
    this.assertRoom();
    return new Promise((resolve, reject) => {
      this.entries.push({ kind: 'run', input, resolve, reject });
      this.kick();
    });
  }

  task<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.entries.push({ kind: 'task', task, resolve: resolve as (v: unknown) => void, reject });
      this.kick();
    });
  }

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
        const results = await this.o.runBatch(batch.map((e) => e.input));
        // A run whose outcome could not be stored fails; the others of the batch stand.
        batch.forEach((e, i) => {
          const r = results[i];
          if (failedResult(r)) e.reject(r.failed);
          else e.resolve(r);
        });
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
   * A deployment receiving events one or two at a time never waits, nor does a run whose
   * caller waits for its answer.
   */
  private async gather(): Promise<void> {
    if (this.o.holdMs <= 0 || this.lastBatch < 3) return;
    const head = this.entries[0];
    if (head?.kind !== 'run' || this.entries.length >= this.o.maxBatch / 2) return;
    // Never while someone waits for a run's answer (a custom HTTP response).
    if (this.entries.some((e) => e.kind === 'run' && e.input.onRespond)) return;
    await new Promise((resolve) => setTimeout(resolve, this.o.holdMs));
  }

  private takeRuns(): Extract<Entry<R>, { kind: 'run' }>[] {
    const out: Extract<Entry<R>, { kind: 'run' }>[] = [];
    let bytes = 0;
    while (out.length < this.o.maxBatch) {
      const next = this.entries[0];
      if (!next || next.kind !== 'run') break;
      const size = next.input.size ?? 0;
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      bytes += size;
      out.push(next);
      this.entries.shift();
    }
    return out;
  }
}

/** The embedded backend's queues: in this process, in memory. */
export const inProcessQueues: RunQueueFactory = (o) => new DeploymentQueue(o);
