import type { EventMetadata, EventSummary } from '../../shared/resources';
import type { StoredEvent } from '../domain/events';

/** An event's `metadata` as REST and SSE show it (spec 2.3). */
export function eventMetadata(emitterId: string, e: StoredEvent): EventMetadata {
  return {
    emitter_id: emitterId,
    emit_id: e.emit_id,
    name: e.ch,
    ...(e.sum !== undefined ? { summary: e.sum } : {}),
    ...(e.ts !== undefined ? { ts: e.ts } : {}),
    ...(e.hops ? { hops: e.hops } : {}),
    ...(e.tid ? { trigger_id: e.tid } : {}),
  };
}

/** An event summary; the event itself only when `expand` is asked for. */
export function eventSummary(emitterId: string, e: StoredEvent, expand: boolean): EventSummary {
  return { id: e.id, indexed_at_ms: e.ms, ...(expand ? { event: e.ev } : {}), metadata: eventMetadata(emitterId, e) };
}
