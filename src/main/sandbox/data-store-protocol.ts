// The one request a runner makes of the main process: an operation on a data store, asked by
// a component through its `data_store` prop (host/invoke/data-store.ts) and answered once it
// has been committed (client/data-store-calls.ts routes it to the injected handler).

/** An operation on a data store, its arguments already checked by the runner. */
export type DataStoreRequest =
  | { store: string; op: 'get' | 'has' | 'delete'; key: string }
  /** `ttl` in seconds; null removes the expiry; undefined keeps the record's current one. */
  | { store: string; op: 'set'; key: string; value: unknown; ttl?: number | null }
  | { store: string; op: 'setTtl'; key: string; ttl: number | null }
  | { store: string; op: 'keys' | 'entries' | 'clear' };

export type DataStoreOp = DataStoreRequest['op'];

/**
 * Carries out data store operations for components (the service's data stores). What it
 * resolves with goes back to the component: get → value or undefined, has → boolean, delete
 * and setTtl → whether the record existed, keys → string[], entries → [key, value][].
 */
export interface DataStoreHandler {
  call(request: DataStoreRequest): Promise<unknown>;
}
