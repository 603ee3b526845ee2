// A commit's journal line, built around each event's JSON text where the caller already has
// it: the main process serializes an emitted event once, when it checks the runner's message
// (sandbox/client/validate), and the journal writes that text rather than serializing the
// event again. The fields the store adds are written by hand, which is also several times
// faster than JSON.stringify of a small object.
import type { CommitRecord, PendingEvent, StoredEvent } from './emitter-state';

const known = new WeakMap<PendingEvent, string>();

/**
 * Notes `json` as the JSON text of `pending.ev` (call only with the text JSON.stringify gave
 * for that very value, before anything could change it).
 */
export function noteEventJson(pending: PendingEvent, json: string): void {
  known.set(pending, json);
}

/** The JSON text noted for `pending.ev`, if any. */
export function eventJsonOf(pending: PendingEvent): string | undefined {
  return known.get(pending);
}

/** One event's JSON, its fields in the order the store gives them (see EventStore.commit). */
function eventJson(e: StoredEvent, ev: string | undefined): string {
  let s = `{"ch":${JSON.stringify(e.ch)},"emit_id":${JSON.stringify(e.emit_id)}`;
  if (e.sum !== undefined) s += `,"sum":${JSON.stringify(e.sum)}`;
  if (e.ts !== undefined) s += `,"ts":${JSON.stringify(e.ts)}`;
  if (e.did !== undefined) s += `,"did":${JSON.stringify(e.did)}`;
  if (e.hops !== undefined) s += `,"hops":${JSON.stringify(e.hops)}`;
  if (ev !== undefined) s += `,"ev":${ev}`;
  return `${s},"id":${JSON.stringify(e.id)},"ms":${JSON.stringify(e.ms)}}`;
}

/**
 * The JSON text of a commit record: `evJson[i]` is the JSON of `record.ev[i].ev` when known.
 * The same text JSON.stringify gives for the record (for events whose fields are in the
 * store's order, as every event the store makes is; in any other order, equal JSON).
 */
export function commitRecordJson(record: CommitRecord, evJson: readonly (string | undefined)[]): string {
  const events = record.ev.map((e, i) => eventJson(e, evJson[i] ?? JSON.stringify(e.ev)));
  const db = record.db === undefined ? '' : `,"db":${JSON.stringify(record.db)}`;
  return `{"t":"c","ev":[${events.join(',')}]${db}}`;
}
