import type { LogLine } from '../../shared/resources';
import type { StoredEvent } from '../store/event-store';

type Listener<T> = (value: T) => void;

/** In-process fan-out of stored events and log lines to live readers (SSE, later workflows). */
export class EventBus {
  private readonly events = new Map<string, Set<Listener<StoredEvent>>>();
  private readonly logs = new Map<string, Set<Listener<LogLine>>>();

  onEvent(emitterId: string, l: Listener<StoredEvent>): () => void {
    return add(this.events, emitterId, l);
  }

  onLog(sourceId: string, l: Listener<LogLine>): () => void {
    return add(this.logs, sourceId, l);
  }

  publishEvents(emitterId: string, events: StoredEvent[]): void {
    const ls = this.events.get(emitterId);
    if (ls) for (const e of events) for (const l of ls) l(e);
  }

  publishLog(sourceId: string, line: LogLine): void {
    const ls = this.logs.get(sourceId);
    if (ls) for (const l of ls) l(line);
  }
}

function add<T>(map: Map<string, Set<Listener<T>>>, key: string, l: Listener<T>): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(l);
  return () => {
    set.delete(l);
    if (set.size === 0) map.delete(key);
  };
}
