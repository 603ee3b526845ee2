import { dedupeKey, numericId, type DedupeState } from '../ports/dedupe-state';
import type { PendingEvent } from '../../domain/events';

export type DedupeStrategy = 'unique' | 'greatest' | 'last';

/**
 * Chooses which events of a commit are emitted under a strategy (spec section 3). Decided per
 * event in commit order; the state moves after each emitted event.
 */
export function selectByDedupe(strategy: DedupeStrategy | null, events: PendingEvent[], state: DedupeState): PendingEvent[] {
  if (!strategy) return events;
  if (strategy === 'last') return selectAfterLast(events, state);
  const recent = new Set(state.recent);
  let greatest = state.greatest;
  const out: PendingEvent[] = [];
  for (const e of events) {
    if (e.did === undefined) continue;
    if (strategy === 'unique') {
      const key = dedupeKey(e.did);
      if (recent.has(key)) continue;
      recent.add(key);
      out.push(e);
    } else {
      const n = numericId(e.did);
      if (n === undefined || (greatest !== null && n <= greatest)) continue;
      greatest = n;
      out.push(e);
    }
  }
  return out;
}

/** `last`: only events after the one matching the cached id; all of them when none matches. */
function selectAfterLast(events: PendingEvent[], state: DedupeState): PendingEvent[] {
  if (state.last === null) return events;
  const match = events.findLastIndex((e) => e.did !== undefined && dedupeKey(e.did) === state.last);
  return match === -1 ? events : events.slice(match + 1);
}
