const KIND: Record<string, string> = {
  success: 'ok',
  active: 'ok',
  live: 'ok',
  running: 'busy',
  connecting: 'busy',
  exited: 'warn',
  paused: 'warn',
  cancelled: 'muted',
  skipped: 'muted',
  inactive: 'muted',
  error: 'bad',
  down: 'bad',
};

/** A status as a word with a colour that carries the same meaning. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${KIND[status] ?? 'muted'}`}>{status}</span>;
}
