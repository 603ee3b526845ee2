/** A duration the user typed that is not one. */
export class DurationError extends Error {
  override readonly name = 'DurationError';
}

const UNITS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** `90s`, `15m`, `2h`, `1d`, `1h30m`, or plain seconds (`3600`) → seconds. */
export function parseDuration(text: string): number {
  const t = text.trim().toLowerCase();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(t)) {
    seconds = Number(t);
  } else if (/^(\d+(\.\d+)?[dhms])+$/.test(t)) {
    seconds = 0;
    for (const [, n, unit] of t.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)) seconds += Number(n) * UNITS[unit];
  } else {
    throw new DurationError(`"${text}" is not a duration: give one such as 90s, 15m, 2h, 1d, 1h30m, or a number of seconds`);
  }
  if (seconds <= 0) throw new DurationError(`the duration must be more than 0, got "${text}"`);
  return seconds;
}

/** 5400 → `1h30m`; 0.5 → `0.5s`. */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  let rest = Math.abs(seconds);
  let out = '';
  for (const [unit, size] of Object.entries(UNITS)) {
    const n = unit === 's' ? Math.round(rest * 1000) / 1000 : Math.floor(rest / size);
    if (n > 0) out += `${n}${unit}`;
    rest -= unit === 's' ? rest : n * size;
  }
  return (seconds < 0 ? '-' : '') + out;
}
