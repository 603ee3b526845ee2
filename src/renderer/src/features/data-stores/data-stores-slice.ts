import type { StateCreator } from 'zustand';
import type { DataStore, DataStoreRecord } from '../../../../shared/data-stores';
import type { PageInfo } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';

/** Records of one store as far as they have been read: the newest first, pages of 100. */
export interface StoreRecords {
  records: DataStoreRecord[];
  total: number;
  /** Cursor of the last record read, while more remain. */
  more: string | null;
  loading: boolean;
  error?: string;
}

const PAGE = 100;

export interface DataStoresSlice {
  /** Records by store id, for the stores whose records someone looked at. */
  storeRecords: Record<string, StoreRecords | undefined>;
  /** The last failure of an action, by where the user acted: `create`, a store id, or `<store id>\n<key>`. */
  dataStoreErrors: Record<string, string | undefined>;
  createDataStore(name: string): Promise<DataStore | null>;
  deleteDataStore(id: string): Promise<boolean>;
  /** Reads the first page again (or the next one with `more`), keeping as many records as were shown. */
  loadRecords(id: string, opts?: { more?: boolean }): Promise<void>;
  saveRecord(id: string, key: string, body: { value: unknown; ttl?: number | null }): Promise<DataStoreRecord | null>;
  deleteRecord(id: string, key: string): Promise<boolean>;
  clearDataStoreError(where: string): void;
  /** A `change` frame named this store: re-read its records if they are shown. */
  dataStoreChanged(id: string | undefined): void;
}

export const recordWhere = (id: string, key: string) => `${id}\n${key}`;

export const createDataStoresSlice: StateCreator<DataStoresSlice & ResourcesSlice, [], [], DataStoresSlice> = (set, get) => {
  const note = (where: string, message: string | undefined) => set((s) => ({ dataStoreErrors: { ...s.dataStoreErrors, [where]: message } }));
  const patch = (id: string, p: Partial<StoreRecords>) =>
    set((s) => ({ storeRecords: { ...s.storeRecords, [id]: { records: [], total: 0, more: null, loading: false, ...s.storeRecords[id], ...p } } }));
  /** Runs an action; on failure keeps the API's message where the user acted. */
  const attempt = async <T>(where: string, f: () => Promise<T>): Promise<T | null> => {
    try {
      const out = await f();
      note(where, undefined);
      return out;
    } catch (err) {
      note(where, messageOf(err));
      return null;
    }
  };
  /** Each read of a store's records gets a number; only the latest one's answer is kept. */
  const reads = new Map<string, number>();
  const page = (id: string, limit: number, before?: string | null) =>
    client.call('listRecords', { id, query: { limit, ...(before ? { before } : {}) } });

  return {
    storeRecords: {},
    dataStoreErrors: {},
    createDataStore: async (name) => {
      const made = await attempt('create', () => client.data('createDataStore', { body: { name: name.trim() } }));
      if (made) await get().refresh('data_stores');
      return made;
    },
    deleteDataStore: async (id) => {
      const ok = (await attempt(id, () => client.data('deleteDataStore', { id }).then(() => true))) === true;
      if (ok) {
        set((s) => ({ storeRecords: { ...s.storeRecords, [id]: undefined } }));
        await get().refresh('data_stores');
      }
      return ok;
    },
    loadRecords: async (id, opts = {}) => {
      const current = get().storeRecords[id];
      const n = (reads.get(id) ?? 0) + 1;
      reads.set(id, n);
      const latest = () => reads.get(id) === n;
      patch(id, { loading: true });
      try {
        if (opts.more && current?.more) {
          const next = await page(id, PAGE, current.more);
          if (!latest()) return;
          patch(id, { records: [...current.records, ...next.data], total: next.page_info.total_count, more: moreAfter(next), loading: false, error: undefined });
          return;
        }
        // A refresh keeps what was shown: as many pages as had been read.
        const wanted = Math.max(PAGE, current?.records.length ?? 0);
        let records: DataStoreRecord[] = [];
        let last = await page(id, PAGE);
        records = last.data;
        while (records.length < wanted && moreAfter(last)) {
          last = await page(id, PAGE, moreAfter(last));
          records = [...records, ...last.data];
        }
        if (latest()) patch(id, { records, total: last.page_info.total_count, more: moreAfter(last), loading: false, error: undefined });
      } catch (err) {
        if (latest()) patch(id, { loading: false, error: messageOf(err) });
      }
    },
    saveRecord: async (id, key, body) => {
      const saved = await attempt(recordWhere(id, key), () => client.data('putRecord', { id, key, body }));
      if (saved) await get().loadRecords(id);
      return saved;
    },
    deleteRecord: async (id, key) => {
      const ok = (await attempt(recordWhere(id, key), () => client.data('deleteRecord', { id, key }).then(() => true))) === true;
      if (ok) await get().loadRecords(id);
      return ok;
    },
    clearDataStoreError: (where) => note(where, undefined),
    dataStoreChanged: (id) => {
      if (id && get().storeRecords[id]) void get().loadRecords(id);
    },
  };
};

/** The cursor for the next page, or null when this page was the last. */
function moreAfter(p: { data: unknown[]; page_info: PageInfo }): string | null {
  return p.data.length === PAGE && p.page_info.end_cursor ? p.page_info.end_cursor : null;
}
