import { useEffect, useState } from 'react';
import type { LogLine } from '../../../../shared/resources';
import { logBus } from '../../api/log-bus';

export interface LogTerminalProps {
  /** Lines to show first (e.g. GET /v1/sources/{id}/logs, or a run step's logs). */
  initial: LogLine[];
  /** Follow this source's live lines from the log bus. */
  followSourceId?: string;
  /** Accessible name. */
  label?: string;
}

/** A log terminal (minimal version: a <pre>; the xterm one keeps this interface). */
export function LogTerminal({ initial, followSourceId, label = 'Logs' }: LogTerminalProps) {
  const [lines, setLines] = useState(initial);
  useEffect(() => setLines(initial), [initial]);
  useEffect(() => (followSourceId ? logBus.subscribe(followSourceId, (l) => setLines((x) => [...x, l])) : undefined), [followSourceId]);
  return (
    <pre className="mono" aria-label={label}>
      {lines.map((l) => l.line).join('\n')}
    </pre>
  );
}
