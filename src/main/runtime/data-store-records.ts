// Reading a data store's records as of a moment: expiry, the live records in write order, the
// REST view of one, and the checks a key or TTL gets before any store operation.
import { RunnelError } from '../../shared/errors';
import { keyProblem, ttlProblem, type DataStoreRecord } from '../../shared/data-stores';
import type { DataStoreFile, StoredRecord } from '../store/data-store-file';

/** Whether a record has expired at `now`. */
export function isExpired(r: StoredRecord, now: number): boolean {
  return r.x !== null && r.x <= now;
}

/** The record at `key` unless it has expired (then it is purged from memory). */
export function currentRecord(f: DataStoreFile, key: string, now: number): StoredRecord | undefined {
  const r = f.records.get(key);
  if (r && isExpired(r, now)) {
    f.forget(key);
    return undefined;
  }
  return r;
}

/** Live records in the order they were last written (Map order). */
export function oldestFirst(f: DataStoreFile, now: number): [string, StoredRecord][] {
  const out: [string, StoredRecord][] = [];
  for (const [k, r] of f.records) if (currentRecord(f, k, now)) out.push([k, r]);
  return out;
}

/** Live records, newest write first. */
export function newestFirst(f: DataStoreFile, now: number): [string, StoredRecord][] {
  return oldestFirst(f, now).sort((a, b) => b[1].s - a[1].s);
}

/** A record as REST shows it. */
export function recordView(key: string, r: StoredRecord, now: number): DataStoreRecord {
  return { key, value: r.v, created_at: r.c, updated_at: r.u, expires_at: r.x, ttl: r.x === null ? null : Math.max(0, Math.ceil((r.x - now) / 1000)) };
}

/** Throws a 400 for a key a store cannot hold. */
export function checkKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new RunnelError('bad_request', problem);
}

/** Throws a 400 for a TTL that is not one. */
export function checkTtl(ttl: unknown): void {
  const problem = ttlProblem(ttl);
  if (problem) throw new RunnelError('bad_request', problem);
}
