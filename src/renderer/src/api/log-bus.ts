import type { LogLine } from '../../../shared/resources';

type Sink = (line: LogLine) => void;
const sinks = new Map<string, Set<Sink>>();

/**
 * Live log lines by source id, outside React state: terminals subscribe and write each line
 * straight into xterm, so a chatty source never re-renders the page.
 */
export const logBus = {
  subscribe(sourceId: string, sink: Sink): () => void {
    let set = sinks.get(sourceId);
    if (!set) sinks.set(sourceId, (set = new Set()));
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0) sinks.delete(sourceId);
    };
  },
  publish(sourceId: string, line: LogLine): void {
    for (const s of sinks.get(sourceId) ?? []) s(line);
  },
};
