import nodeSchedule from 'node-schedule';
import type { Clock } from './clock';

export interface Schedule {
  intervalSeconds: number | null;
  cron: string | null;
  timezone: string | null;
}

export interface Disposable {
  dispose(): void;
}

/**
 * Fires callbacks on intervals (drift-free: the n-th firing is due at start + n × interval)
 * or on cron expressions (node-schedule, UTC unless a timezone is given).
 */
export class Scheduler {
  private readonly live = new Set<Disposable>();

  constructor(private readonly clock: Clock) {}

  /** `fire` gets the time the firing was due, epoch ms. */
  schedule(spec: Schedule, fire: (dueMs: number) => void): Disposable {
    const handle = spec.cron ? this.cron(spec.cron, spec.timezone, fire) : this.interval(spec.intervalSeconds ?? 60, fire);
    const d: Disposable = {
      dispose: () => {
        handle.dispose();
        this.live.delete(d);
      },
    };
    this.live.add(d);
    return d;
  }

  private interval(seconds: number, fire: (dueMs: number) => void): Disposable {
    const periodMs = seconds * 1000;
    const start = this.clock.now();
    let n = 1;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const due = start + n * periodMs;
      timer = setTimeout(() => {
        // If the process stalled past several periods, fire once and skip the missed ones.
        const now = this.clock.now();
        n = Math.max(n + 1, Math.floor((now - start) / periodMs) + 1);
        fire(due);
        arm();
      }, Math.max(0, due - this.clock.now()));
    };
    arm();
    return { dispose: () => clearTimeout(timer) };
  }

  private cron(expr: string, timezone: string | null, fire: (dueMs: number) => void): Disposable {
    const job = nodeSchedule.scheduleJob({ rule: expr, tz: timezone ?? 'Etc/UTC' }, (date: Date) => fire(date.getTime()));
    return { dispose: () => job?.cancel() };
  }

  dispose(): void {
    for (const d of [...this.live]) d.dispose();
  }
}
