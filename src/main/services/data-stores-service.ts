import { RunnelError } from '../../shared/errors';
import type { CreateDataStoreBody, PutRecordBody } from '../../shared/data-stores-api';
import type { DataStore, DataStoreRecord } from '../../shared/data-stores';
import type { PageInfo } from '../../shared/resources';
import type { DataStores, TtlInput } from '../runtime/data-stores';
import { pageById } from './pagination';

export interface ListQuery {
  limit: number;
  before?: string;
  after?: string;
}

/** Use cases on data stores and their records (REST v1 `/data_stores`). */
export class DataStoresService {
  constructor(private readonly stores: DataStores) {}

  list(q: ListQuery): { data: DataStore[]; page_info: PageInfo } {
    const { page, page_info } = pageById(this.stores.list(), q);
    return { data: page, page_info };
  }

  create(body: CreateDataStoreBody): Promise<DataStore> {
    return this.stores.create(body.name);
  }

  get(id: string): DataStore {
    return this.stores.one(id);
  }

  remove(id: string): Promise<void> {
    return this.stores.remove(id);
  }

  /** Records newest write first; cursors name a write (`seq`), so they survive later writes and deletes. */
  async records(id: string, q: ListQuery): Promise<{ data: DataStoreRecord[]; page_info: PageInfo }> {
    const all = await this.stores.records(id);
    let items = all;
    if (q.before) {
      const seq = decodeSeq(q.before, 'before');
      items = items.filter((x) => x.seq < seq);
    }
    if (q.after) {
      const seq = decodeSeq(q.after, 'after');
      const newer = items.filter((x) => x.seq > seq);
      // The `limit` closest to the cursor, still newest first.
      items = newer.slice(Math.max(0, newer.length - q.limit));
    }
    const page = items.slice(0, q.limit);
    return {
      data: page.map((x) => x.record),
      page_info: {
        total_count: all.length,
        count: page.length,
        start_cursor: page.length ? encodeSeq(page[0].seq) : null,
        end_cursor: page.length ? encodeSeq(page[page.length - 1].seq) : null,
      },
    };
  }

  record(id: string, key: string): Promise<DataStoreRecord> {
    return this.stores.record(id, key);
  }

  put(id: string, key: string, body: PutRecordBody): Promise<DataStoreRecord> {
    return this.stores.put(id, key, body.value, body.ttl as TtlInput);
  }

  async deleteRecord(id: string, key: string): Promise<void> {
    if (!(await this.stores.delete(id, key))) throw new RunnelError('not_found', `No record with key "${key}" in data store ${id}`);
  }

  clear(id: string): Promise<void> {
    return this.stores.clear(id);
  }
}

function encodeSeq(seq: number): string {
  return Buffer.from(`w${seq}`, 'utf8').toString('base64url');
}

function decodeSeq(cursor: string, name: string): number {
  const m = /^w(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new RunnelError('bad_request', `${name} is not a valid cursor`);
  return Number(m[1]);
}
