import { RunnelError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { DATA_STORE_LIMITS, dataStoreIdOf, valueSizeProblem, type DataStore, type DataStorePropValue, type DataStoreRecord, type DataStoreUser } from '../../shared/data-stores';
import type { Logger } from '../logger';
import type { DataStoreHandler, DataStoreRequest } from '../sandbox/data-store-protocol';
import type { PropDescriptor } from '../domain/components';
import type { Clock } from '../scheduler/clock';
import { DataStoreFile, type DataStoreFileOptions, type StoredRecord } from '../store/data-store-file';
import type { Documents } from '../store/document-types';
import { nodeStoreFs, type StoreFs } from '../store/store-fs';
import { StoreHealth } from '../store/store-health';
import { checkKey, checkTtl, currentRecord, isExpired, newestFirst, oldestFirst, recordView } from './data-store-records';

export interface DataStoresDeps {
  dir: string;
  clock: Clock;
  logger: Logger;
  /** Who is configured with a store (`usedBy`): only the sources and workflows are read. */
  docs: { readonly data: Pick<Documents, 'sources' | 'workflows'> };
  /** After every committed change of a store (its records, or the store itself). */
  onChange?(id: string): void;
  compactBytes?: number;
  /** The file-system seam shared with the other stores (default node:fs/promises). */
  fs?: StoreFs;
  /** Where a full disk is reported (shared with the other stores). */
  health?: StoreHealth;
}

/** A TTL in seconds as given: undefined keeps the current expiry, null removes it. */
export type TtlInput = number | null | undefined;

/**
 * The account's data stores (`ds_…`): named key-value stores that components reach through a
 * `data_store` prop and users through REST. Every operation on a store runs in arrival order
 * and a write resolves only once it is on disk, so components sharing a store see each
 * other's writes in order, and a write is kept even if its component throws afterwards.
 * Expiry uses the injected clock: an expired record is treated as gone everywhere at once and
 * purged lazily (from memory at once, from disk at the next snapshot).
 */
export class DataStores implements DataStoreHandler {
  private readonly stores = new Map<string, DataStoreFile>();
  /** Serialises creates, so two stores cannot get the same name. */
  private creating: Promise<unknown> = Promise.resolve();
  private readonly fileOptions: DataStoreFileOptions;

  constructor(private readonly deps: DataStoresDeps) {
    this.fileOptions = {
      compactBytes: deps.compactBytes ?? 256 * 1024,
      isExpired: (r) => isExpired(r, deps.clock.now()),
      warn: (m) => deps.logger.warn(m),
      fs: deps.fs ?? nodeStoreFs,
      health: deps.health ?? new StoreHealth(deps.logger, deps.clock),
    };
  }

  async open(): Promise<void> {
    for (const f of await DataStoreFile.openAll(this.deps.dir, this.fileOptions)) this.stores.set(f.meta.id, f);
  }

  /** Newest first. */
  list(): DataStore[] {
    return [...this.stores.values()].sort((a, b) => b.meta.created_at - a.meta.created_at || (a.meta.id < b.meta.id ? 1 : -1)).map((f) => this.view(f));
  }

  one(id: string): DataStore {
    return this.view(this.file(id));
  }

  /** `id` is given only by the project import (the hosted `ds_…` id the steps name). */
  async create(name: string, id?: string): Promise<DataStore> {
    const run = this.creating.then(async () => {
      if (id !== undefined && (!/^ds_[A-Za-z0-9]{1,64}$/.test(id) || this.stores.has(id))) throw new RunnelError('conflict', `A data store cannot be created with id "${id}"`);
      const taken = [...this.stores.values()].find((f) => f.meta.name.toLowerCase() === name.toLowerCase());
      if (taken) throw new RunnelError('conflict', `A data store named "${taken.meta.name}" already exists (${taken.meta.id})`, { id: taken.meta.id });
      const f = await DataStoreFile.create(this.deps.dir, { id: id ?? newId('ds'), name, created_at: this.deps.clock.now() }, this.fileOptions);
      this.stores.set(f.meta.id, f);
      return f;
    });
    this.creating = run.catch(() => undefined);
    const f = await run;
    this.deps.onChange?.(f.meta.id);
    return this.view(f);
  }

  /** Deletes a store and its records; refused while a source or workflow step is configured with it. */
  async remove(id: string): Promise<void> {
    const f = this.file(id);
    const users = this.usedBy(id);
    if (users.length > 0) {
      const names = users.map((u) => (u.type === 'source' ? `source "${u.name}" (${u.id})` : `workflow "${u.name}" (${u.id}), step "${u.step}"`));
      throw new RunnelError('conflict', `Data store ${id} is used by ${names.join(', ')}; point their "${users[0].prop}" prop at another store or delete them first`, {
        used_by: users,
      });
    }
    this.stores.delete(id);
    await f.exclusive(() => f.drop());
    this.deps.onChange?.(id);
  }

  /** The sources and workflow steps configured with a store. */
  usedBy(id: string): DataStoreUser[] {
    const users: DataStoreUser[] = [];
    for (const s of this.deps.docs.data.sources) {
      for (const [prop, v] of Object.entries(s.props)) if (dataStoreIdOf(v) === id) users.push({ type: 'source', id: s.id, name: s.name, prop });
    }
    for (const w of this.deps.docs.data.workflows) {
      for (const step of w.steps) {
        for (const [prop, v] of Object.entries(step.configured_props)) {
          if (dataStoreIdOf(v) === id) users.push({ type: 'workflow', id: w.id, name: w.name, step: step.name, prop });
        }
      }
    }
    return users;
  }

  /** Checks a `data_store` prop's configured value; undefined when none is given. */
  configure(prop: PropDescriptor, given: unknown): DataStorePropValue | undefined {
    if (given === undefined || given === null) return undefined;
    const id = dataStoreIdOf(given);
    if (id === undefined) {
      throw new RunnelError(
        'invalid_props',
        `Prop "${prop.name}" takes a data store as {"data_store_id": "ds_…"} (create one with POST /v1/data_stores {"name": "…"})`,
        { prop: prop.name },
      );
    }
    if (!this.stores.has(id)) throw new RunnelError('invalid_props', `Prop "${prop.name}": no data store with id "${id}"`, { prop: prop.name });
    return { data_store_id: id };
  }

  // Records. Each method runs in the store's queue; `now` is read when its turn comes.

  /** The live records, newest write first, each with its write sequence number (for cursors). */
  records(id: string): Promise<{ seq: number; record: DataStoreRecord }[]> {
    return this.op(id, (f, now) => newestFirst(f, now).map(([k, r]) => ({ seq: r.s, record: recordView(k, r, now) })));
  }

  record(id: string, key: string): Promise<DataStoreRecord> {
    return this.op(id, (f, now) => {
      const r = currentRecord(f, key, now);
      if (!r) throw new RunnelError('not_found', `No record with key "${key}" in data store ${id}`);
      return recordView(key, r, now);
    });
  }

  /** Adds or replaces a record; `value` must be JSON (413 past the size limit). */
  async put(id: string, key: string, value: unknown, ttl: TtlInput): Promise<DataStoreRecord> {
    checkKey(key);
    checkTtl(ttl);
    const json = JSON.stringify(value);
    if (json === undefined) throw new RunnelError('bad_request', `The value of "${key}" is not JSON`);
    const tooBig = valueSizeProblem(key, json);
    if (tooBig) throw new RunnelError('payload_too_large', tooBig);
    return this.op(id, async (f, now) => {
      const old = currentRecord(f, key, now);
      const b = Buffer.byteLength(key) + Buffer.byteLength(json);
      if (f.bytes - (old?.b ?? 0) + b > DATA_STORE_LIMITS.storeBytes) {
        throw new RunnelError('payload_too_large', `Data store ${id} is full: its keys and values may take at most ${DATA_STORE_LIMITS.storeBytes / 1024 / 1024} MB`);
      }
      const x = ttl === undefined ? (old?.x ?? null) : ttl === null ? null : now + ttl * 1000;
      const r: StoredRecord = { v: JSON.parse(json), c: old?.c ?? now, u: now, x, s: f.seq + 1, b };
      await f.put(key, r);
      this.deps.onChange?.(id);
      return recordView(key, r, now);
    });
  }

  /** Sets (seconds) or removes (null) a record's expiry; false when there is no such record. */
  async setTtl(id: string, key: string, ttl: number | null): Promise<boolean> {
    checkKey(key);
    checkTtl(ttl);
    return this.op(id, async (f, now) => {
      const old = currentRecord(f, key, now);
      if (!old) return false;
      await f.put(key, { ...old, u: now, x: ttl === null ? null : now + ttl * 1000, s: f.seq + 1 });
      this.deps.onChange?.(id);
      return true;
    });
  }

  /** Deletes a record; false when there was none. */
  async delete(id: string, key: string): Promise<boolean> {
    checkKey(key);
    return this.op(id, async (f, now) => {
      if (!currentRecord(f, key, now)) return false;
      await f.delete(key, now);
      this.deps.onChange?.(id);
      return true;
    });
  }

  clear(id: string): Promise<void> {
    return this.op(id, async (f, now) => {
      await f.clear(now);
      this.deps.onChange?.(id);
    });
  }

  /** A component's operation (through the sandbox); see DataStoreHandler for the answers. */
  async call(req: DataStoreRequest): Promise<unknown> {
    switch (req.op) {
      case 'get':
        return this.op(req.store, (f, now) => currentRecord(f, req.key, now)?.v);
      case 'has':
        return this.op(req.store, (f, now) => currentRecord(f, req.key, now) !== undefined);
      case 'set':
        await this.put(req.store, req.key, req.value, req.ttl);
        return undefined;
      case 'setTtl':
        return this.setTtl(req.store, req.key, req.ttl);
      case 'delete':
        return this.delete(req.store, req.key);
      case 'keys':
        return this.op(req.store, (f, now) => oldestFirst(f, now).map(([k]) => k));
      case 'entries':
        return this.op(req.store, (f, now) => oldestFirst(f, now).map(([k, r]) => [k, r.v]));
      case 'clear':
        await this.clear(req.store);
        return undefined;
      default:
        throw new RunnelError('bad_request', `Unknown data store operation ${JSON.stringify((req as { op?: unknown }).op)}`);
    }
  }

  async close(): Promise<void> {
    for (const f of this.stores.values()) await f.close();
  }

  private file(id: string): DataStoreFile {
    const f = this.stores.get(id);
    if (!f) throw new RunnelError('not_found', `No data store with id "${id}"`);
    return f;
  }

  private op<T>(id: string, fn: (f: DataStoreFile, now: number) => Promise<T> | T): Promise<T> {
    const f = this.file(id);
    return f.exclusive(() => {
      if (f.isDropped) throw new RunnelError('not_found', `Data store ${id} was deleted`);
      return fn(f, this.deps.clock.now());
    });
  }

  private view(f: DataStoreFile): DataStore {
    const now = this.deps.clock.now();
    let count = 0;
    for (const r of f.records.values()) if (!isExpired(r, now)) count++;
    return {
      id: f.meta.id,
      name: f.meta.name,
      record_count: count,
      created_at: Math.floor(f.meta.created_at / 1000),
      updated_at: Math.floor(f.updatedAt / 1000),
      used_by: this.usedBy(f.meta.id),
    };
  }
}
