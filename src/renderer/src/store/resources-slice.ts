import type { StateCreator } from 'zustand';
import type {
  Account,
  ChangedResource,
  DeployedSource,
  OutboxMessage,
  RegistryEntry,
  SavedComponent,
  Settings,
  Subscription,
  SystemInfo,
  Workflow,
} from '../../../shared/resources';
import type { DataStore } from '../../../shared/data-stores';
import type { EnvVar } from '../../../shared/env-vars-api';
import { client, messageOf } from '../api/client';

/** The account's lists that several screens share, kept fresh by `change` frames. */
export interface ResourcesSlice {
  sources: DeployedSource[];
  workflows: Workflow[];
  components: SavedComponent[];
  registry: RegistryEntry[];
  accounts: Account[];
  dataStores: DataStore[];
  /** The project's environment variables (secret values masked). */
  envVars: EnvVar[];
  subscriptions: Subscription[];
  /** The local outbox (`$.send.email` and error notices), newest first. */
  outbox: OutboxMessage[];
  settings: Settings | null;
  system: SystemInfo | null;
  /** Which lists have been read at least once (empty states wait for it). */
  loaded: Partial<Record<ChangedResource, boolean>>;
  loadErrors: Partial<Record<ChangedResource, string>>;
  refresh(resource: ChangedResource): Promise<void>;
  refreshAll(): Promise<void>;
  /** Applies a source event's time without re-reading the list. */
  noteEvent(emitterId: string, ms: number): void;
}

const READERS: Partial<Record<ChangedResource, (set: (p: Partial<ResourcesSlice>) => void) => Promise<void>>> = {
  sources: async (set) => set({ sources: await client.all('listSources') }),
  workflows: async (set) => set({ workflows: await client.all('listWorkflows') }),
  components: async (set) => set({ components: await client.all('listComponents') }),
  registry: async (set) => set({ registry: await client.data('listRegistry') }),
  accounts: async (set) => set({ accounts: await client.data('listAccounts') }),
  subscriptions: async (set) => set({ subscriptions: await client.data('listSubscriptions') }),
  outbox: async (set) => set({ outbox: await client.data('outbox') }),
  settings: async (set) => set({ settings: await client.data('getSettings') }),
  'api-key': async (set) => set({ system: await client.data('system') }),
  data_stores: async (set) => set({ dataStores: await client.all('listDataStores') }),
  env: async (set) => set({ envVars: await client.data('listEnvVars') }),
};

export const createResourcesSlice: StateCreator<ResourcesSlice, [], [], ResourcesSlice> = (set, get) => ({
  sources: [],
  workflows: [],
  components: [],
  registry: [],
  accounts: [],
  dataStores: [],
  envVars: [],
  subscriptions: [],
  outbox: [],
  settings: null,
  system: null,
  loaded: {},
  loadErrors: {},
  async refresh(resource) {
    const read = READERS[resource];
    if (!read) return;
    try {
      await read((p) => set(p));
      set((s) => ({ loaded: { ...s.loaded, [resource]: true }, loadErrors: { ...s.loadErrors, [resource]: undefined } }));
    } catch (err) {
      set((s) => ({ loadErrors: { ...s.loadErrors, [resource]: messageOf(err) } }));
    }
  },
  async refreshAll() {
    await Promise.all((Object.keys(READERS) as ChangedResource[]).map((r) => get().refresh(r)));
  },
  noteEvent(emitterId, ms) {
    if (!get().sources.some((s) => s.id === emitterId)) return;
    set((s) => ({ sources: s.sources.map((x) => (x.id === emitterId ? { ...x, last_event_at: ms } : x)) }));
  },
});
