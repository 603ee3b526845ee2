// How a commit's `$.service.db` changes land on an emitter's db: part of the event log's contract
// (event-log.ts), the same for every backend, for the runtime's running view of a batch, and for
// runnel/testing's in-memory log. One implementation in two forms.
import type { DbChanges } from '../../domain/invocations';

/**
 * Applies `changes` to `db` itself and answers it. For a holder that owns its db outright: the
 * event store applies each commit this way when it is written and when its journal is replayed,
 * where copying the whole db for every record would make opening a long journal O(records × db).
 */
export function applyDbChangesInPlace(db: Record<string, unknown>, changes: DbChanges): Record<string, unknown> {
  // Keys are plain (the runner refuses "__proto__"), so assignment stores each as an entry.
  for (const [k, v] of Object.entries(changes.set)) db[k] = v;
  for (const k of changes.del) delete db[k];
  return db;
}

/** `db` after an invocation's `$.service.db` changes (a new object; `db` is left as it was). */
export function applyDbChanges(db: Record<string, unknown>, changes: DbChanges): Record<string, unknown> {
  return applyDbChangesInPlace({ ...db }, changes);
}
