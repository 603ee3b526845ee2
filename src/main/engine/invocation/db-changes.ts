import type { DbChanges } from '../../domain/invocations';

/** `db` after an invocation's `$.service.db` changes (a new object; `db` is left as it was). */
export function applyDbChanges(db: Record<string, unknown>, changes: DbChanges): Record<string, unknown> {
  const next = { ...db, ...changes.set };
  for (const k of changes.del) delete next[k];
  return next;
}
