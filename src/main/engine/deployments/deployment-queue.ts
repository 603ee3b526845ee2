import { RunnelError } from '../../../shared/errors';
import type { TriggerInput } from '../../domain/triggers';
import { failedResult, type QueueControls, type RunQueue, type RunQueueFactory, type RunQueueOptions } from '../ports/run-queue';
import { ThrottleWindow } from './throttle-window';

type RunEntry<R> = { kind: 'run'; input: TriggerInput; resolve(v: R): void; reject(e: unknown): void };
type Entry<R> = RunEntry<R> | { kind: 'task'; task: () => Promise<unknown>; resolve(v: unknown): void; reject(e: unknown): void };

const MAX_BATCH_BYTES = 1024 * 1024;

/**
 * The embedded run queue: one deployment's work in arrival order, so event order, dedupe and db
 * state are deterministic. Without execution controls (sources) one entry runs at a time;
 * with them (workflows) up to `concurrency` batches run at once, started in arrival order, no
 * more than the throttle lets start per window, and at most `queueSize` events wait.
 * Consecutive runs waiting together go to the kind as one batch (a source's runs are still run
 * one by one, in order, in one runner round trip); lifecycle tasks run alone. Different
 * deployments have different queues and run in parallel.
 */
export class DeploymentQueue<R> implements RunQueue<R> {
  private readonly entries: Entry<R>[] = [];
  private waitingRuns = 0;
  /** Batches in progress, and the runs in them. */
  private batches = 0;
  private runningRuns = 0;
  private taskRunning = false;
  private lastBatch = 0;
  /** Under load, the next batch is being held back so that more runs join it (then it goes). */
  private holding: 'no' | 'waiting' | 'done' = 'no';
  private heldByThrottle = false;
  private wake: NodeJS.Timeout | undefined;
  private disposed = false;
  private readonly window = new ThrottleWindow();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly o: RunQueueOptions<R>) {}

  /** Runs waiting or running. */
  get length(): number {
    return this.entries.length + this.runningRuns + (this.taskRunning ? 1 : 0);
  }

  get full(): boolean {
    const c = this.o.controls?.();
    return c ? this.waitingRuns >= c.queueSize : this.length >= this.o.capacity();
  }

  assertRoom(): void {
    if (!this.full) return;
    const c = this.o.controls?.();
    if (c) {
      throw new RunnelError(
        'too_many_requests',
        `Event Queue Full: this ${this.o.label} already has ${c.queueSize} events waiting (its queue size), so the event was refused; raise its queue size, concurrency or throttle in its settings, or retry later`,
      );
    }
    throw new RunnelError('too_many_requests', `This ${this.o.label} already has ${this.o.capacity()} invocations waiting; retry later`);
  }

  run(input: TriggerInput): Promise<R> {
    this.assertRoom();
    return new Promise((resolve, reject) => {
      this.entries.push({ kind: 'run', input, resolve, reject });
      this.waitingRuns++;
      this.kick();
    });
  }

  task<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.entries.push({ kind: 'task', task, resolve: resolve as (v: unknown) => void, reject });
      this.kick();
    });
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  nudge(): void {
    this.kick();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.wake);
    // What still waits will never run: its callers hear so instead of waiting forever.
    const gone = new RunnelError('not_found', `This ${this.o.label} was deleted or the service stopped before the event ran`);
    for (const e of this.entries.splice(0)) e.reject(gone);
    this.waitingRuns = 0;
    this.idleWaiters.splice(0).forEach((r) => r());
  }

  /** The kind and tasks are always entered from a fresh microtask, never inside the caller's call. */
  private kick(): void {
    this.pump();
  }

  /** Starts whatever may start now, in arrival order, and stops at the first entry that may not. */
  private pump(): void {
    this.heldByThrottle = false;
    while (!this.disposed && this.entries.length > 0 && !this.taskRunning && this.holding !== 'waiting') {
      const head = this.entries[0];
      if (head.kind === 'task') {
        if (this.batches > 0) break;
        this.entries.shift();
        this.runTask(head);
        break;
      }
      const c = this.o.controls?.();
      if (this.batches >= Math.max(1, c?.concurrency ?? 1)) break;
      const now = (this.o.now ?? Date.now)();
      const room = c?.throttle ? this.window.room(c.throttle, now) : Infinity;
      if (room <= 0) {
        if (this.runTaskAheadOfThrottle()) break;
        this.holdForThrottle(c!, now);
        break;
      }
      if (this.holdForMore()) break;
      const batch = this.takeRuns(Math.min(this.o.maxBatch, room));
      if (c?.throttle) this.window.started(now, batch.length);
      this.startBatch(batch);
    }
    this.settleIdle();
  }

  /**
   * A lifecycle task (an update, a delete) waiting behind runs the throttle holds goes first:
   * otherwise a throttle of 0 (or one start per hour) would hold the very update that changes it.
   */
  private runTaskAheadOfThrottle(): boolean {
    if (this.batches > 0) return false;
    const i = this.entries.findIndex((e) => e.kind === 'task');
    if (i < 0) return false;
    const [task] = this.entries.splice(i, 1);
    this.runTask(task as Extract<Entry<R>, { kind: 'task' }>);
    return true;
  }

  private runTask(entry: Extract<Entry<R>, { kind: 'task' }>): void {
    this.taskRunning = true;
    Promise.resolve()
      .then(entry.task)
      .then(entry.resolve, entry.reject)
      .finally(() => {
        this.taskRunning = false;
        this.pump();
      });
  }

  private startBatch(batch: RunEntry<R>[]): void {
    this.lastBatch = batch.length;
    this.batches++;
    this.runningRuns += batch.length;
    Promise.resolve()
      .then(() => this.o.runBatch(batch.map((e) => e.input)))
      .then(
        (results) => {
          // A run whose outcome could not be stored fails; the others of the batch stand.
          batch.forEach((e, i) => {
            const r = results[i];
            if (failedResult(r)) e.reject(r.failed);
            else e.resolve(r);
          });
        },
        (err) => {
          for (const e of batch) e.reject(err);
        },
      )
      .finally(() => {
        this.batches--;
        this.runningRuns -= batch.length;
        this.pump();
      });
  }

  /** Waits (on a real timer; a clock advance nudges sooner) until the throttle lets one more start. */
  private holdForThrottle(c: QueueControls, now: number): void {
    this.heldByThrottle = true;
    clearTimeout(this.wake);
    this.wake = undefined;
    const ms = this.window.waitMs(c.throttle!, now);
    if (!Number.isFinite(ms)) return; // paused until the settings change
    this.wake = setTimeout(() => this.pump(), Math.max(1, ms));
    this.wake.unref?.();
  }

  /**
   * Batching under load: when runs arrive faster than batches finish (the last batch had three
   * or more), waits `holdMs` before taking the next batch, so that more runs join it and the
   * runner process is woken once for all of them. Waking a process costs far more than
   * running one more invocation in it: this is what lets a busy source keep up with webhooks.
   * A deployment receiving events one or two at a time never waits, nor does a run whose
   * caller waits for its answer.
   */
  private holdForMore(): boolean {
    if (this.holding === 'done') {
      this.holding = 'no';
      return false;
    }
    if (this.o.holdMs <= 0 || this.lastBatch < 3 || this.entries.length >= this.o.maxBatch / 2) return false;
    // Never while someone waits for a run's answer (a custom HTTP response).
    if (this.entries.some((e) => e.kind === 'run' && e.input.onRespond)) return false;
    this.holding = 'waiting';
    setTimeout(() => {
      this.holding = 'done';
      this.pump();
    }, this.o.holdMs);
    return true;
  }

  private takeRuns(max: number): RunEntry<R>[] {
    const out: RunEntry<R>[] = [];
    let bytes = 0;
    while (out.length < max) {
      const next = this.entries[0];
      if (!next || next.kind !== 'run') break;
      const size = next.input.size ?? 0;
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      bytes += size;
      out.push(next);
      this.entries.shift();
      this.waitingRuns--;
    }
    return out;
  }

  /** Nothing runs and nothing can start now (all done, or the rest held by the throttle). */
  private isIdle(): boolean {
    const quiet = this.batches === 0 && !this.taskRunning && this.holding !== 'waiting';
    return quiet && (this.entries.length === 0 || this.heldByThrottle || this.disposed);
  }

  private settleIdle(): void {
    if (this.idleWaiters.length > 0 && this.isIdle()) this.idleWaiters.splice(0).forEach((r) => r());
  }
}

/** The embedded backend's queues: in this process, in memory. */
export const inProcessQueues: RunQueueFactory = (o) => new DeploymentQueue(o);
