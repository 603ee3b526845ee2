import nodeSchedule from 'node-schedule';
import type { Clock } from './clock';
import type { Schedule } from './due-times';
import { VirtualTimer, type ArmAt } from './virtual-timer';

export type { Schedule } from './due-times';
export type { ClockWindow, VirtualTimer } from './virtual-timer';

export interface Disposable {
  dispose(): void;
}

export interface ScheduleOptions {
  /** The owner's id (a source or workflow): the virtual clock finds the timer by it. */
  key?: string;
  /** The timer's virtual clock runs this far ahead of the real one (a persisted advance). */
  offsetMs?: number;
}

/** node-schedule arms the real timers; it refuses dates already past, which are due at once. */
export const nodeScheduleAlarm: ArmAt = (atMs, cb) => {
  const job = atMs > Date.now() ? nodeSchedule.scheduleJob(new Date(atMs), () => cb()) : null;
  if (job) return { cancel: () => job.cancel() };
  const t = setTimeout(cb, 0);
  return { cancel: () => clearTimeout(t) };
};

/**
 * Fires callbacks on intervals (drift-free: the n-th firing is due at start + n × interval)
 * or on cron expressions (cron-parser, UTC unless a timezone is given). Each timer keeps a
 * virtual clock that can be advanced (see VirtualTimer).
 */
export class Scheduler {
  private readonly live = new Set<VirtualTimer>();
  private readonly byKey = new Map<string, VirtualTimer>();

  constructor(
    private readonly clock: Clock,
    private readonly armAt: ArmAt = nodeScheduleAlarm,
  ) {}

  /** `fire` gets the time the firing was due on the timer's clock, epoch ms. */
  schedule(spec: Schedule, fire: (dueMs: number) => void, opts: ScheduleOptions = {}): VirtualTimer {
    const timer: VirtualTimer = new VirtualTimer({
      clock: this.clock,
      spec,
      fire,
      offsetMs: opts.offsetMs ?? 0,
      armAt: this.armAt,
      onDispose: () => {
        this.live.delete(timer);
        if (opts.key !== undefined && this.byKey.get(opts.key) === timer) this.byKey.delete(opts.key);
      },
    });
    this.live.add(timer);
    if (opts.key !== undefined) this.byKey.set(opts.key, timer);
    return timer;
  }

  /** The live timer of a source or workflow, if it has one armed. */
  timer(key: string): VirtualTimer | undefined {
    return this.byKey.get(key);
  }

  dispose(): void {
    for (const t of [...this.live]) t.dispose();
  }
}
