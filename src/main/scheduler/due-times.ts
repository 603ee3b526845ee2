import cronParser from 'cron-parser';

/** A timer's schedule: an interval in seconds, or a cron expression (UTC unless a timezone is given). */
export interface Schedule {
  intervalSeconds: number | null;
  cron: string | null;
  timezone: string | null;
}

/** When a schedule is due. All times are epoch ms on the timer's own (virtual) clock. */
export interface DueRule {
  /** The first due time strictly after `ms`; null when there is none (a cron that never matches). */
  nextAfter(ms: number): number | null;
  /** The due times in (from, to], in order, stopping after `cap` of them. */
  between(fromMs: number, toMs: number, cap: number): number[];
  /** How many due times fall in (from, to], when that can be counted without listing them. */
  count?(fromMs: number, toMs: number): number;
}

/**
 * The due times of `spec`. Intervals are drift-free: the n-th firing is due at
 * `anchorMs + n × interval` (n ≥ 1), whatever happened in between.
 */
export function dueRule(spec: Schedule, anchorMs: number): DueRule {
  return spec.cron ? cronRule(spec.cron, spec.timezone) : intervalRule((spec.intervalSeconds ?? 60) * 1000, anchorMs);
}

function intervalRule(periodMs: number, anchor: number): DueRule {
  // Index of the last firing due at or before `ms` (0 = the anchor itself, never fired).
  const index = (ms: number) => Math.max(0, Math.floor((ms - anchor) / periodMs));
  const nextAfter = (ms: number) => anchor + (index(ms) + 1) * periodMs;
  return {
    nextAfter,
    between(from, to, cap) {
      const out: number[] = [];
      for (let t = nextAfter(from); t <= to && out.length < cap; t += periodMs) out.push(t);
      return out;
    },
    count: (from, to) => Math.max(0, index(to) - index(from)),
  };
}

function cronRule(expr: string, timezone: string | null): DueRule {
  const iterate = (fromMs: number) => cronParser.parseExpression(expr, { currentDate: new Date(fromMs), tz: timezone ?? 'Etc/UTC' });
  return {
    nextAfter(ms) {
      try {
        return iterate(ms).next().getTime();
      } catch {
        return null; // no date ever matches (e.g. 30 February)
      }
    },
    between(from, to, cap) {
      const out: number[] = [];
      let it: ReturnType<typeof iterate>;
      try {
        it = iterate(from);
      } catch {
        return out;
      }
      while (out.length < cap) {
        let t: number;
        try {
          t = it.next().getTime();
        } catch {
          break;
        }
        if (t > to) break;
        out.push(t);
      }
      return out;
    },
  };
}
