import { RunnelError } from '../../shared/errors';

/**
 * One source's work, run one task at a time in arrival order, so event order, dedupe and db
 * state are deterministic. Different sources have different queues and run in parallel.
 */
export class InvocationQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly capacity: () => number) {}

  get length(): number {
    return this.waiting;
  }

  get full(): boolean {
    return this.waiting >= this.capacity();
  }

  /** Throws 429 when the queue is full. */
  assertRoom(): void {
    if (this.full) {
      throw new RunnelError('too_many_requests', `This source already has ${this.capacity()} invocations waiting; retry later`);
    }
  }

  /** Queues `task`; throws 429 at once when the queue is full. */
  push<T>(task: () => Promise<T>): Promise<T> {
    this.assertRoom();
    return this.pushUnbounded(task);
  }

  /** Queues work that must not be refused (lifecycle changes). */
  pushUnbounded<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const run = this.tail.then(async () => {
      try {
        return await task();
      } finally {
        this.waiting--;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves when everything queued so far has finished. */
  idle(): Promise<unknown> {
    return this.tail;
  }
}
