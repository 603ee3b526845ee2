// Data stores of runnel/testing: the service's own DataStores (runtime/data-stores.ts) on a
// folder owned by the loaded component. The component's runner asks for operations with `ds`
// messages, which the pool routes here exactly as the service's pool routes them to its stores;
// the test reaches the same stores through StoreHandle. Expiry reads Date.now() of the test
// process (the harness has no clock of its own), so a mocked Date moves it.
import { DATA_STORE_PROP, dataStoreIdOf, type DataStorePropValue } from '../../shared/data-stores';
import { RunnelError } from '../../shared/errors';
import { silentLogger } from '../logger';
import { DataStores } from '../runtime/data-stores';
import type { DataStoreHandler, DataStoreRequest } from '../sandbox/data-store-protocol';
import type { PropDescriptor } from '../domain/components';
import { systemClock } from '../scheduler/clock';
import type { DataStoreRecord, DataStoreSeed, TestDataStore } from './public';

/** No deployed source or workflow uses a test's stores. */
const NO_USERS = { data: { sources: [], workflows: [] } };

/** One store as the test sees it; also what `dataStores: { prop: handle }` shares. */
export class StoreHandle implements TestDataStore {
  constructor(
    readonly id: string,
    /** The prop it was made for, in messages. */
    private readonly label: string,
    private readonly owner: ComponentStores,
  ) {}

  get(key: string): Promise<unknown> {
    return this.op({ store: this.id, op: 'get', key });
  }
  async set(key: string, value: unknown, options?: { ttl?: number | null }): Promise<void> {
    await this.op({ store: this.id, op: 'set', key, value, ttl: options?.ttl });
  }
  setTtl(key: string, ttl: number | null): Promise<boolean> {
    return this.op({ store: this.id, op: 'setTtl', key, ttl }) as Promise<boolean>;
  }
  has(key: string): Promise<boolean> {
    return this.op({ store: this.id, op: 'has', key }) as Promise<boolean>;
  }
  delete(key: string): Promise<boolean> {
    return this.op({ store: this.id, op: 'delete', key }) as Promise<boolean>;
  }
  keys(): Promise<string[]> {
    return this.op({ store: this.id, op: 'keys' }) as Promise<string[]>;
  }
  entries(): Promise<[string, unknown][]> {
    return this.op({ store: this.id, op: 'entries' }) as Promise<[string, unknown][]>;
  }
  async clear(): Promise<void> {
    await this.op({ store: this.id, op: 'clear' });
  }

  async record(key: string): Promise<DataStoreRecord | undefined> {
    this.open();
    try {
      return await this.owner.stores.record(this.id, key);
    } catch (err) {
      if (err instanceof RunnelError && err.code === 'not_found') return undefined;
      throw this.readable(err);
    }
  }

  async contents(): Promise<Record<string, unknown>> {
    return Object.fromEntries(await this.entries());
  }

  /** An operation asked by a component's runner: its errors go back as the service's pool sends them. */
  async serve(request: DataStoreRequest): Promise<unknown> {
    this.open();
    return this.owner.stores.call(request);
  }

  private async op(request: DataStoreRequest): Promise<unknown> {
    try {
      return await this.serve(request);
    } catch (err) {
      throw this.readable(err);
    }
  }

  private open(): void {
    if (this.owner.closed) throw new Error(`runnel/testing: the data store "${this.label}" was removed when the component that owns it was closed`);
  }

  /** The service's errors as the component sees them: TypeError for bad arguments, RangeError for sizes. */
  private readable(err: unknown): unknown {
    if (!(err instanceof RunnelError)) return err;
    const message = `data store "${this.label}": ${err.message}`;
    if (err.code === 'payload_too_large') return new RangeError(message);
    if (err.code === 'bad_request') return new TypeError(message);
    return new Error(message);
  }
}

/** The data stores of one loaded component or workflow: those it owns and those it shares with another. */
export class ComponentStores implements DataStoreHandler {
  readonly stores: DataStores;
  closed = false;
  private readonly byProp = new Map<string, StoreHandle>();
  private readonly byId = new Map<string, StoreHandle>();

  constructor(dir: string) {
    this.stores = new DataStores({ dir, clock: systemClock, logger: silentLogger, docs: NO_USERS });
  }

  /**
   * Gives each `data_store` prop its store (seeded, shared, or none for null) and returns the
   * props' configured values, `{ prop: { data_store_id } }`.
   */
  async assign(props: readonly PropDescriptor[], seeds: Record<string, DataStoreSeed> = {}): Promise<Record<string, DataStorePropValue>> {
    const names = props.filter((p) => p.type === DATA_STORE_PROP).map((p) => p.name);
    for (const name of Object.keys(seeds)) {
      if (!names.includes(name)) {
        const has = names.length > 0 ? `its data_store props are ${names.map((n) => `"${n}"`).join(', ')}` : 'it has none';
        throw new Error(`runnel/testing: dataStores.${name}: the component has no data_store prop "${name}" (${has})`);
      }
    }
    const values: Record<string, DataStorePropValue> = {};
    for (const name of names) {
      const seed = seeds[name];
      if (seed === null) continue;
      values[name] = { data_store_id: (await this.add(name, seed)).id };
    }
    return values;
  }

  /**
   * A store of its own (seeded with records) or another component's shared one, known by `name`:
   * a workflow's stores, which its steps name in their `data_store` props.
   */
  async add(name: string, seed: Exclude<DataStoreSeed, null>): Promise<StoreHandle> {
    const handle = seed instanceof StoreHandle ? seed : await this.create(name, seed);
    this.byProp.set(name, handle);
    this.byId.set(handle.id, handle);
    return handle;
  }

  /** The names given to add() / assign(), in order. */
  names(): string[] {
    return [...this.byProp.keys()];
  }

  /** resolveProps' check of a `data_store` prop: only this component's stores are known. */
  configure(p: PropDescriptor, given: unknown): DataStorePropValue | undefined {
    if (given === undefined || given === null) return undefined;
    const id = dataStoreIdOf(given);
    if (id === undefined || !this.byId.has(id)) {
      throw new RunnelError('invalid_props', `Prop "${p.name}" is a data store: give its records with the dataStores option of loadComponent or loadWorkflow`, { prop: p.name });
    }
    return { data_store_id: id };
  }

  /** A `ds` request of the runner (the pool has checked the store is one of the invocation's). */
  call(request: DataStoreRequest): Promise<unknown> {
    const handle = this.byId.get(request.store);
    if (!handle) return Promise.reject(new Error(`data store ${request.store} is not configured for this component`));
    return handle.serve(request);
  }

  handle(prop: string): StoreHandle | undefined {
    return this.byProp.get(prop);
  }

  /** Every prop's live records now. */
  async contents(): Promise<Record<string, Record<string, unknown>>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [prop, handle] of this.byProp) out[prop] = await handle.contents();
    return out;
  }

  /** Waits for queued writes and closes the files; the owner removes the folder. */
  async close(): Promise<void> {
    this.closed = true;
    await this.stores.close();
  }

  private async create(prop: string, seed: unknown): Promise<StoreHandle> {
    if (seed !== undefined && (typeof seed !== 'object' || Array.isArray(seed))) {
      throw new Error(`runnel/testing: dataStores.${prop} takes records ({ key: value }), another component's dataStore("…"), or null`);
    }
    const { id } = await this.stores.create(prop);
    const handle = new StoreHandle(id, prop, this);
    for (const [key, value] of Object.entries(seed ?? {})) {
      try {
        await this.stores.put(id, key, value, undefined);
      } catch (err) {
        throw new Error(`runnel/testing: dataStores.${prop}: ${(err as Error).message}`);
      }
    }
    return handle;
  }
}
