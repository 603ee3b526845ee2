// Reading an emitter's retained events: a page of one channel, and everything since an id.
import { compareEventIds, parseEventId, type EventIdParts } from '../../shared/ids';
import type { StoredEvent } from '../domain/events';
import type { ListOptions } from '../engine/ports/event-log';
import type { EmitterState } from './emitter-state';

/** Newest first, within the retained window of one channel. */
export function listEvents(state: EmitterState | undefined, opts: ListOptions): { events: StoredEvent[]; total: number } {
  const all = state?.channel(opts.channel) ?? [];
  let lo = 0;
  let hi = all.length; // all[lo..hi) are candidates, oldest to newest
  if (opts.before) hi = all.findIndex((e) => compareEventIds(parseEventId(e.id)!, opts.before!) >= 0);
  if (hi === -1) hi = all.length;
  if (opts.after) {
    const i = all.findIndex((e) => compareEventIds(parseEventId(e.id)!, opts.after!) > 0);
    lo = i === -1 ? all.length : i;
  }
  if (lo >= hi) return { events: [], total: all.length };
  // `after` pages towards newer events: take the oldest `limit` past the cursor.
  const window = opts.after && !opts.before ? all.slice(lo, Math.min(hi, lo + opts.limit)) : all.slice(Math.max(lo, hi - opts.limit), hi);
  return { events: window.reverse(), total: all.length };
}

/** One retained event by id, whatever its channel. */
export function findEvent(state: EmitterState | undefined, id: string): StoredEvent | undefined {
  if (!state || !parseEventId(id)) return undefined;
  for (const list of state.channels.values()) {
    const e = list.find((x) => x.id === id);
    if (e) return e;
  }
  return undefined;
}

/** Every retained event of every channel newer than `after`, oldest first (SSE resume). */
export function eventsSince(state: EmitterState | undefined, after: EventIdParts): StoredEvent[] {
  if (!state) return [];
  const out: StoredEvent[] = [];
  for (const list of state.channels.values()) {
    for (const e of list) if (compareEventIds(parseEventId(e.id)!, after) > 0) out.push(e);
  }
  return out.sort((a, b) => compareEventIds(parseEventId(a.id)!, parseEventId(b.id)!));
}
