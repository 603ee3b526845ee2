import type { FeedFrame, LogLine } from '../../shared/resources';
import type { StoredEvent } from '../domain/events';

type Listener<T> = (value: T) => void;

export interface SseMessage {
  channel: string;
  payload: unknown;
}

/** In-process fan-out of stored events and log lines to live readers (SSE, later workflows). */
export class EventBus {
  private readonly events = new Map<string, Set<Listener<StoredEvent>>>();
  private readonly logs = new Map<string, Set<Listener<LogLine>>>();
  private readonly sse = new Map<string, Set<Listener<SseMessage>>>();
  private readonly anyEvent = new Set<(emitterId: string, e: StoredEvent) => void>();
  private readonly anyLog = new Set<(sourceId: string, line: LogLine) => void>();
  private readonly feed = new Set<Listener<FeedFrame>>();

  onEvent(emitterId: string, l: Listener<StoredEvent>): () => void {
    return add(this.events, emitterId, l);
  }

  onLog(sourceId: string, l: Listener<LogLine>): () => void {
    return add(this.logs, sourceId, l);
  }

  /** Every stored event of every emitter (subscriptions route from here). */
  onAnyEvent(l: (emitterId: string, e: StoredEvent) => void): () => void {
    this.anyEvent.add(l);
    return () => this.anyEvent.delete(l);
  }

  publishEvents(emitterId: string, events: StoredEvent[]): void {
    const ls = this.events.get(emitterId);
    for (const e of events) {
      if (ls) for (const l of ls) l(e);
      for (const l of this.anyEvent) l(emitterId, e);
    }
  }

  /** `$.send.sse` messages of a workflow. */
  onSse(workflowId: string, l: Listener<SseMessage>): () => void {
    return add(this.sse, workflowId, l);
  }

  publishSse(workflowId: string, m: SseMessage): void {
    for (const l of this.sse.get(workflowId) ?? []) l(m);
  }

  publishLog(sourceId: string, line: LogLine): void {
    const ls = this.logs.get(sourceId);
    if (ls) for (const l of ls) l(line);
    for (const l of this.anyLog) l(sourceId, line);
  }

  /** Every log line of every source (the account stream). */
  onAnyLog(l: (sourceId: string, line: LogLine) => void): () => void {
    this.anyLog.add(l);
    return () => this.anyLog.delete(l);
  }

  /** Runs, changes and package activity for the account stream (events and logs arrive through onAny*). */
  onFeed(l: Listener<FeedFrame>): () => void {
    this.feed.add(l);
    return () => this.feed.delete(l);
  }

  publishFeed(frame: FeedFrame): void {
    for (const l of this.feed) l(frame);
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
