import cronParser from 'cron-parser';
import { RunnelError } from '../../../shared/errors';

/** A timer prop's schedule: exactly one of an interval or a cron expression. */
export interface TimerConfig {
  intervalSeconds: number | null;
  cron: string | null;
  timezone: string | null;
}

/**
 * Accepts what the hosted API accepts for a timer prop: `{intervalSeconds}`, `{cron, timezone?}`,
 * or the returned shape `{interval_seconds}` / `{cron}` fed back in.
 */
export function parseTimerConfig(prop: string, raw: unknown): TimerConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new RunnelError('invalid_props', `Prop "${prop}" must be a timer: {"intervalSeconds": N} or {"cron": "<expression>"}`, { prop });
  }
  const o = raw as Record<string, unknown>;
  const interval = o.intervalSeconds ?? o.interval_seconds;
  const cron = o.cron;
  const timezone = o.timezone ?? o.timeZone;
  if (typeof cron === 'string' && cron.trim() !== '') {
    if (timezone !== undefined && timezone !== null && typeof timezone !== 'string') {
      throw new RunnelError('invalid_props', `Prop "${prop}": timezone must be a string such as "Europe/Paris"`, { prop });
    }
    const tz = (timezone as string | null | undefined) ?? null;
    try {
      cronParser.parseExpression(cron, { tz: tz ?? 'Etc/UTC' });
    } catch (err) {
      throw new RunnelError('invalid_props', `Prop "${prop}": invalid cron expression "${cron}" (${(err as Error).message})`, { prop });
    }
    if (tz && !isTimeZone(tz)) {
      throw new RunnelError('invalid_props', `Prop "${prop}": unknown timezone "${tz}"`, { prop });
    }
    return { intervalSeconds: null, cron: cron.trim(), timezone: tz };
  }
  const n = typeof interval === 'string' && /^\d+$/.test(interval) ? Number(interval) : interval;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    throw new RunnelError('invalid_props', `Prop "${prop}": intervalSeconds must be a whole number of seconds, at least 1`, { prop });
  }
  return { intervalSeconds: n, cron: null, timezone: null };
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The timer prop as the deployed source shows it (spec 2.1, NOTES). */
export function timerView(t: TimerConfig): Record<string, unknown> {
  return t.cron
    ? { cron: t.cron, interval_seconds: null, ...(t.timezone ? { timezone: t.timezone } : {}) }
    : { cron: null, interval_seconds: t.intervalSeconds };
}

/** The `run(event)` argument of a timer invocation. */
export function timerEvent(t: TimerConfig | null, firedAtMs: number): Record<string, unknown> {
  const timestamp = Math.floor(firedAtMs / 1000);
  if (t?.cron) return { timestamp, cron: t.cron };
  return { timestamp, interval_seconds: t?.intervalSeconds ?? null };
}

/** The values a source was configured with, in the shape `configured_props` accepts (its timer as given). */
export function configuredValues(doc: { props: Record<string, unknown>; timer: (TimerConfig & { prop: string }) | null }): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc.props };
  if (doc.timer) {
    out[doc.timer.prop] = doc.timer.cron
      ? { cron: doc.timer.cron, ...(doc.timer.timezone ? { timezone: doc.timer.timezone } : {}) }
      : { intervalSeconds: doc.timer.intervalSeconds };
  }
  return out;
}
