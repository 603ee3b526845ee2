/** `dc_3kf…9Qx`: ids shortened in the middle, the full id goes in a title. */
export function shortId(id: string, keep = 4): string {
  const at = id.indexOf('_') + 1;
  const body = id.slice(at);
  return body.length <= keep * 2 + 1 ? id : `${id.slice(0, at)}${body.slice(0, keep)}…${body.slice(-keep)}`;
}

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago". */
export function relativeTime(ms: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

/** ISO 8601 UTC, for titles and exports. */
export function absoluteTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Counts of timestamps per minute over the last `minutes` minutes, oldest first. */
export function perMinute(timestamps: number[], now: number = Date.now(), minutes = 60): number[] {
  const buckets = new Array<number>(minutes).fill(0);
  for (const t of timestamps) {
    const age = Math.floor((now - t) / 60_000);
    if (age >= 0 && age < minutes) buckets[minutes - 1 - age]++;
  }
  return buckets;
}
