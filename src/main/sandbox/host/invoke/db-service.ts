// `$.service.db` for one invocation: synchronous get/set over a copy of the instance's db,
// recording what changed so the main process can commit it together with the emits.
import { LIMITS } from '../../../../shared/limits';
import type { DbChanges } from '../../../domain/invocations';

export interface DbService {
  get(key: unknown): unknown;
  set(key: unknown, value: unknown): void;
}

export interface DbOptions {
  initial: Record<string, unknown>;
  changes: DbChanges;
  /** False once the invocation's result was sent: later writes would be lost, so say so. */
  isOpen(): boolean;
  onLateWrite(key: string): void;
}

/** The db one invocation sees; writes land in `o.changes`. */
export function makeDbService(o: DbOptions): DbService {
  const values = new Map<string, unknown>(Object.entries(o.initial));
  return Object.freeze({
    get(key: unknown) {
      const v = values.get(String(key));
      // A copy, so mutating what get() returned changes nothing until set() is called.
      return v === undefined ? undefined : structuredClone(v);
    },
    set(key: unknown, value: unknown) {
      const k = String(key);
      if (!o.isOpen()) {
        o.onLateWrite(k);
        return;
      }
      if (value === undefined) {
        values.delete(k);
        delete o.changes.set[k];
        if (!o.changes.del.includes(k)) o.changes.del.push(k);
        return;
      }
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch (err) {
        throw new TypeError(`db.set("${k}"): the value is not JSON-serializable (${(err as Error).message})`);
      }
      if (json === undefined) throw new TypeError(`db.set("${k}"): the value is not JSON-serializable (${typeof value})`);
      const bytes = Buffer.byteLength(json, 'utf8');
      if (bytes > LIMITS.dbValueBytes) {
        throw new RangeError(`db.set("${k}"): the value is ${bytes} bytes as JSON; the limit is ${LIMITS.dbValueBytes} bytes (60 KB)`);
      }
      const copy: unknown = JSON.parse(json);
      values.set(k, copy);
      o.changes.set[k] = copy;
      o.changes.del = o.changes.del.filter((d) => d !== k);
    },
  });
}
