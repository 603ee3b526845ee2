// `this.<prop>` of a `data_store` prop: the hosted async API (get, set with {ttl}, setTtl, has,
// delete, keys, entries, clear, `for await (const [k, v] of store)`). Arguments are checked and
// values turned into JSON here, so a mistake throws in the component with its own stack; each
// operation then goes to the main process and resolves once it has been committed there.
import { keyProblem, ttlProblem, valueSizeProblem } from '../../../../shared/data-stores';
import type { DataStoreRequest } from '../../data-store-protocol';
import { kindOf } from './value-checks';

export interface DataStoreParts {
  /** The prop's name, for error messages (`customers.set("k"): …`). */
  prop: string;
  storeId: string;
  /** False once the invocation has ended: later calls would outlive it. */
  isOpen(): boolean;
  call(request: DataStoreRequest): Promise<unknown>;
}

/** The data store object one invocation sees. */
export function makeDataStore(o: DataStoreParts): object {
  const store = o.storeId;
  const send = (what: string, request: DataStoreRequest): Promise<unknown> => {
    if (!o.isOpen()) return Promise.reject(new Error(`${what} was called after the invocation ended; data store calls must finish before run() returns`));
    return o.call(request);
  };
  const key = (k: unknown, what: string): string => {
    // Numbers are accepted as keys (ids often are); anything else must be a string.
    const s = typeof k === 'number' && Number.isFinite(k) ? String(k) : k;
    const problem = keyProblem(s);
    if (problem) throw new TypeError(`${what}: ${problem}`);
    return s as string;
  };
  const ttlOf = (ttl: unknown, what: string): number | null | undefined => {
    const problem = ttlProblem(ttl);
    if (problem) throw new TypeError(`${what}: ${problem}`);
    return ttl as number | null | undefined;
  };
  const name = (method: string, k?: unknown) => `${o.prop}.${method}(${k === undefined ? '' : JSON.stringify(String(k))})`;
  const listing = <T>(what: string, op: 'keys' | 'entries') => {
    const p = send(what, { store, op }) as Promise<T[]>;
    // Both `await store.keys()` and `for await (const k of store.keys())` work.
    Object.defineProperty(p, Symbol.asyncIterator, {
      value: async function* () {
        yield* await p;
      },
    });
    return p as Promise<T[]> & AsyncIterable<T>;
  };

  return Object.freeze({
    async get(k: unknown): Promise<unknown> {
      const what = name('get', k);
      return send(what, { store, op: 'get', key: key(k, what) });
    },
    async set(k: unknown, value: unknown, options?: unknown): Promise<void> {
      const what = name('set', k);
      const kk = key(k, what);
      if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
        throw new TypeError(`${what}: the options must be an object such as { ttl: 3600 }, got ${kindOf(options)}`);
      }
      const ttl = ttlOf((options as { ttl?: unknown } | null | undefined)?.ttl, what);
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch (err) {
        throw new TypeError(`${what}: the value is not JSON-serializable (${(err as Error).message})`);
      }
      if (json === undefined) throw new TypeError(`${what}: the value is not JSON-serializable (${kindOf(value)}); use delete() to remove a record`);
      const tooBig = valueSizeProblem(kk, json);
      if (tooBig) throw new RangeError(`${what}: ${tooBig}`);
      await send(what, { store, op: 'set', key: kk, value: JSON.parse(json), ...(ttl === undefined ? {} : { ttl }) });
    },
    async setTtl(k: unknown, ttl: unknown): Promise<boolean> {
      const what = name('setTtl', k);
      if (ttl === undefined) throw new TypeError(`${what}: give the TTL in seconds, or null to remove the expiry`);
      return (await send(what, { store, op: 'setTtl', key: key(k, what), ttl: ttlOf(ttl, what) as number | null })) as boolean;
    },
    async has(k: unknown): Promise<boolean> {
      const what = name('has', k);
      return (await send(what, { store, op: 'has', key: key(k, what) })) as boolean;
    },
    async delete(k: unknown): Promise<boolean> {
      const what = name('delete', k);
      return (await send(what, { store, op: 'delete', key: key(k, what) })) as boolean;
    },
    keys() {
      return listing<string>(name('keys'), 'keys');
    },
    entries() {
      return listing<[string, unknown]>(name('entries'), 'entries');
    },
    async clear(): Promise<void> {
      await send(name('clear'), { store, op: 'clear' });
    },
    async *[Symbol.asyncIterator]() {
      yield* (await send(name('entries'), { store, op: 'entries' })) as [string, unknown][];
    },
  });
}
