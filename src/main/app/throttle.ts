/**
 * Lets one thing per key through per window (desktop notices: one per workflow per minute).
 * Pure: no electron, so it is tested under plain Node.
 */
export function throttlePerKey(windowMs: number, now: () => number = Date.now): (key: string) => boolean {
  const last = new Map<string, number>();
  return (key) => {
    const t = now();
    const prev = last.get(key);
    if (prev !== undefined && t - prev < windowMs) return false;
    last.set(key, t);
    return true;
  };
}
