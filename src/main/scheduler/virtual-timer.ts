import type { Clock } from './clock';
import { dueRule, type DueRule, type Schedule } from './due-times';

/** One armed real timer. */
export interface Alarm {
  cancel(): void;
}

/** Arms a real timer that calls `cb` at `atMs` (epoch ms, real time; a past time means now). */
export type ArmAt = (atMs: number, cb: () => void) => Alarm;

/** A span of a timer's virtual clock and the firings due in it (at most the cap asked for). */
export interface ClockWindow {
  from: number;
  to: number;
  due: number[];
  /** Every firing due in (from, to], when it can be counted without listing (intervals); else null. */
  total: number | null;
}

export interface VirtualTimerOptions {
  clock: Clock;
  spec: Schedule;
  /** Called with the time the firing was due on the timer's clock (epoch ms). */
  fire(dueMs: number): void;
  offsetMs: number;
  armAt: ArmAt;
  onDispose(): void;
}

/**
 * A timer with its own clock: virtual now = real now + offset. Only the next due time is armed
 * as a real timer; advancing the clock runs the firings of the skipped span (awaited, in order)
 * and re-arms from the advanced point.
 */
export class VirtualTimer {
  readonly spec: Schedule;
  private readonly rule: DueRule;
  private offset: number;
  /** Virtual time from which the next due time is searched (the last firing, or the start). */
  private cursor: number;
  private alarm: Alarm | null = null;
  private held = false;
  private disposed = false;

  constructor(private readonly opts: VirtualTimerOptions) {
    this.spec = opts.spec;
    this.offset = opts.offsetMs;
    this.cursor = this.virtualNow();
    // Intervals count from the moment the timer starts, on its own clock.
    this.rule = dueRule(opts.spec, this.cursor);
    this.arm();
  }

  get offsetMs(): number {
    return this.offset;
  }

  virtualNow(): number {
    return this.opts.clock.now() + this.offset;
  }

  /** The next `n` due times after virtual now. */
  upcoming(n: number): number[] {
    return this.rule.between(this.virtualNow(), Infinity, n);
  }

  /** The due time the timer waits for next (null when the schedule never fires again). */
  nextDue(): number | null {
    return this.rule.nextAfter(this.cursor);
  }

  /** The span (now, now + ms] of the virtual clock and up to `cap` firings due in it. */
  window(ms: number, cap: number): ClockWindow {
    const from = this.virtualNow();
    const to = from + ms;
    return { from, to, due: this.rule.between(from, to, cap), total: this.rule.count?.(from, to) ?? null };
  }

  /**
   * Runs `run` for each due time of `w` in order, one at a time, with the real timer held (so no
   * real firing interleaves), then moves the clock forward by the window's length and re-arms.
   * If a run throws, the clock is left where it was and the timer re-armed as before.
   */
  async fastForward<T>(w: ClockWindow, run: (dueMs: number) => Promise<T>): Promise<T[]> {
    this.hold();
    const out: T[] = [];
    try {
      for (const due of w.due) out.push(await run(due));
    } catch (err) {
      this.moveTo(this.offset, this.cursor);
      throw err;
    }
    this.moveTo(this.offset + (w.to - w.from), w.to);
    return out;
  }

  /** Sets the offset and the point the schedule continues from, and re-arms the real timer. */
  moveTo(offsetMs: number, cursorMs: number): void {
    this.offset = offsetMs;
    this.cursor = cursorMs;
    this.held = false;
    this.alarm?.cancel();
    this.alarm = null;
    this.arm();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.alarm?.cancel();
    this.alarm = null;
    this.opts.onDispose();
  }

  private hold(): void {
    this.held = true;
    this.alarm?.cancel();
    this.alarm = null;
  }

  private arm(): void {
    if (this.disposed || this.held) return;
    const due = this.rule.nextAfter(this.cursor);
    if (due === null) return;
    this.alarm = this.opts.armAt(due - this.offset, () => {
      this.alarm = null;
      // A late wake-up (a stalled process, or the end of an advance) fires once: the firings
      // missed meanwhile are skipped, as a real timer would have skipped them.
      this.cursor = Math.max(due, this.virtualNow());
      this.arm();
      this.opts.fire(due);
    });
  }
}
