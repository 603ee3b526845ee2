// Data stores as the engine uses them (a port). The embedded backend is runtime/DataStores
// (one file per store); a shared backend answers the same calls across processes, each write
// resolving only once it is committed.
import type { DataStorePropValue } from '../../../shared/data-stores';
import type { PropDescriptor } from '../../domain/components';
import type { DataStoreHandler, DataStoreRequest } from '../../sandbox/data-store-protocol';

export type { DataStoreRequest };

export interface DataStoreBackend extends DataStoreHandler {
  /** Checks a configured `data_store` prop value (the store exists); answers its stored form. */
  configure(prop: PropDescriptor, value: unknown): DataStorePropValue | undefined;
}

/** What a deployment kind needs of the data stores: checking its `data_store` props (runs reach the stores through the sandbox). */
export type DataStoreProps = Pick<DataStoreBackend, 'configure'>;
