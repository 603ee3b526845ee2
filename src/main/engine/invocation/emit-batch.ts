import { randomToken } from '../../../shared/ids';
import type { EmitRecord } from '../../domain/invocations';
import type { PendingEvent } from '../../domain/events';
import { numericId } from '../ports/dedupe-state';
import type { DedupeStrategy } from './dedupe';

export interface PreparedBatch {
  events: PendingEvent[];
  /** Why emits were refused, one line each, for the source's logs. */
  refused: string[];
}

/**
 * Turns an invocation's `$emit` calls into events ready to commit: refuses emits a dedupe
 * strategy cannot place, and orders events that carry `ts` oldest to newest (events without
 * `ts` keep their place). `hops`, when given, is stored on each event.
 */
export function prepareBatch(emits: EmitRecord[], strategy: DedupeStrategy | null, hops?: number): PreparedBatch {
  const refused: string[] = [];
  const events: PendingEvent[] = [];
  for (const e of emits) {
    const did = e.id === undefined || e.id === null ? undefined : String(e.id);
    if (strategy && did === undefined) {
      refused.push(`$emit refused: the "${strategy}" dedupe strategy needs an id in $emit(event, { id })`);
      continue;
    }
    if (strategy === 'greatest' && did !== undefined && numericId(did) === undefined) {
      refused.push(`$emit refused: the "greatest" dedupe strategy needs a numeric id, got ${JSON.stringify(did.slice(0, 64))}`);
      continue;
    }
    // Fields set one by one (not spread in): this runs once per emitted event.
    const event: PendingEvent = { ch: typeof e.name === 'string' ? e.name : '', emit_id: randomToken(27), ev: e.event === undefined ? null : e.event };
    if (hops !== undefined) event.hops = hops;
    if (typeof e.summary === 'string') event.sum = e.summary;
    if (typeof e.ts === 'number' && Number.isFinite(e.ts)) event.ts = e.ts;
    if (did !== undefined) event.did = did;
    events.push(event);
  }
  return { events: orderByTs(events), refused };
}

function orderByTs(events: PendingEvent[]): PendingEvent[] {
  const slots = events.map((e, i) => (e.ts !== undefined ? i : -1)).filter((i) => i >= 0);
  if (slots.length < 2) return events;
  const sorted = slots.map((i) => events[i]).sort((a, b) => a.ts! - b.ts!);
  const out = [...events];
  slots.forEach((slot, k) => (out[slot] = sorted[k]));
  return out;
}
