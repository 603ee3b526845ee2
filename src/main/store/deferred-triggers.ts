// Kept trigger inputs of an emitter under load, journaled a moment after their events (see
// EventStore.writePending): the ring keeps only the newest MAX_KEPT_TRIGGERS of them, so
// journaling each webhook request with its events would encode thousands a second only to
// drop them. A crash within TRIGGER_FLUSH_MS loses those inputs, never an event.
import type { EmitterState } from './emitter-state';
import type { KeptTrigger } from '../domain/events';
import { MAX_KEPT_TRIGGERS } from './kept-triggers';

/**
 * An emitter writing the inputs of more invocations than this within TRIGGER_FLUSH_MS (a
 * source under load) leaves the rest to be journaled later, in one record of the ones still
 * kept, at most TRIGGER_FLUSH_MS after their events.
 */
const INLINE_TRIGGERS = 8;
const TRIGGER_FLUSH_MS = 250;

/** Whether a write leaves its `n` trigger inputs to be journaled later. */
export function deferTriggers(s: EmitterState, n: number, now: number): boolean {
  if (n === 0) return false;
  // Once some wait, the later ones wait too, so that the journal keeps their order.
  if (s.unsavedTriggers.length > 0) return true;
  if (now - s.inlineTriggers.since >= TRIGGER_FLUSH_MS || now < s.inlineTriggers.since) s.inlineTriggers = { since: now, count: 0 };
  if (s.inlineTriggers.count + n > INLINE_TRIGGERS) return true;
  s.inlineTriggers.count += n;
  return false;
}

/** Puts inputs in the ring now; `flush` (which journals them) is called within TRIGGER_FLUSH_MS. */
export function keepUnsaved(s: EmitterState, list: KeptTrigger[], retention: number, flush: () => void): void {
  if (s.dropped) return;
  for (const t of list) s.triggers.add(t, retention);
  s.unsavedTriggers.push(...list);
  // Older ones have left the ring already: only the newest can still be kept.
  if (s.unsavedTriggers.length > MAX_KEPT_TRIGGERS) s.unsavedTriggers.splice(0, s.unsavedTriggers.length - MAX_KEPT_TRIGGERS);
  if (s.triggerFlush) return;
  s.triggerFlush = setTimeout(() => {
    s.triggerFlush = undefined;
    flush();
  }, TRIGGER_FLUSH_MS);
  s.triggerFlush.unref?.();
}

/** The unsaved inputs the ring still keeps, taken off the list (none once the emitter is dropped). */
export function takeUnsaved(s: EmitterState, retention: number): KeptTrigger[] {
  const list = s.dropped ? [] : s.unsavedTriggers.filter((t) => s.triggers.find(t.id, retention) !== undefined);
  s.unsavedTriggers = [];
  return list;
}

/** No more deferred writes for this emitter (its journal is being removed). */
export function stopDeferring(s: EmitterState): void {
  s.dropped = true;
  clearTimeout(s.triggerFlush);
  s.triggerFlush = undefined;
  s.unsavedTriggers = [];
}
