import { useEffect, useState } from 'react';
import { absoluteTime, relativeTime } from './format';

/** "12 s ago", refreshed every few seconds, with the absolute UTC time on hover. */
export function RelativeTime({ ms }: { ms: number | null | undefined }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(t);
  }, []);
  if (ms === null || ms === undefined) return <span className="muted">never</span>;
  return (
    <time dateTime={absoluteTime(ms)} title={absoluteTime(ms)}>
      {relativeTime(ms, Math.max(now, ms))}
    </time>
  );
}
