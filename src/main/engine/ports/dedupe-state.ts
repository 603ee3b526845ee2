// Part of the event log's contract (event-log.ts): every backend keeps this state per emitter
// and moves it with applyEmitted for each event it stores, so the engine's dedupe decision
// (invocation/dedupe.ts) reads the same state whichever backend holds it.
import { LIMITS } from '../../../shared/limits';

/**
 * What the dedupe strategies remember about a source's emitted ids. All three views are kept
 * whatever the strategy, so the state can be rebuilt by replaying emitted events and survives
 * a change of strategy on update.
 */
export interface DedupeState {
  /** The last 100 emitted ids (first 64 characters), oldest first. */
  recent: string[];
  /** The largest numeric id emitted. */
  greatest: number | null;
  /** The id of the last emitted event. */
  last: string | null;
}

export function emptyDedupe(): DedupeState {
  return { recent: [], greatest: null, last: null };
}

/** Ids are compared on their first 64 characters, as on the hosted service. */
export function dedupeKey(id: string): string {
  return id.slice(0, LIMITS.dedupeIdChars);
}

export function numericId(id: string): number | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(id.trim())) return undefined;
  const n = Number(id);
  return Number.isFinite(n) ? n : undefined;
}

/** The state after an event with dedupe id `did` has been emitted. */
export function applyEmitted(state: DedupeState, did: string | undefined): DedupeState {
  if (did === undefined) return state;
  const key = dedupeKey(did);
  const recent = [...state.recent, key];
  if (recent.length > LIMITS.dedupeUniqueIds) recent.splice(0, recent.length - LIMITS.dedupeUniqueIds);
  const n = numericId(did);
  const greatest = n === undefined ? state.greatest : Math.max(n, state.greatest ?? -Infinity);
  return { recent, greatest, last: key };
}
