// The throttle of a deployment's queue: at most `limit` runs start in any `windowMs` of the
// deployment's clock (a sliding window over the last starts), so a virtual clock advance moves it.

/** A throttle as a queue applies it; limit 0 holds everything (a paused queue). */
export interface Throttle {
  limit: number;
  windowMs: number;
}

/** The start times of a deployment's latest runs, to tell how many more may start now. */
export class ThrottleWindow {
  private starts: number[] = [];

  /** How many runs may start at `now`. */
  room(t: Throttle, now: number): number {
    this.forget(t, now);
    return Math.max(0, t.limit - this.starts.length);
  }

  /** How long until one more run may start (Infinity when the throttle is 0: paused). */
  waitMs(t: Throttle, now: number): number {
    if (t.limit <= 0) return Infinity;
    this.forget(t, now);
    if (this.starts.length < t.limit) return 0;
    return this.starts[this.starts.length - t.limit] + t.windowMs - now;
  }

  started(now: number, count: number): void {
    for (let i = 0; i < count; i++) this.starts.push(now);
  }

  private forget(t: Throttle, now: number): void {
    const from = now - t.windowMs;
    let drop = 0;
    while (drop < this.starts.length && this.starts[drop] <= from) drop++;
    // Only the last `limit` starts ever matter.
    drop = Math.max(drop, this.starts.length - Math.max(t.limit, 0));
    if (drop > 0) this.starts = this.starts.slice(drop);
  }
}
