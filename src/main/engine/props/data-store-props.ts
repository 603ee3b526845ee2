// The `data_store` prop type: how its configured value (`{"data_store_id": "ds_…"}`) is checked
// when a source or workflow step is configured, and what the sandbox is told so that the
// component's `this.<prop>` becomes the live store (sandbox/host/invoke/data-store.ts).
import { DATA_STORE_PROP, dataStoreIdOf } from '../../../shared/data-stores';
import type { InterfaceValue } from '../../domain/invocations';
import type { PropDescriptor } from '../../domain/components';

/** Checks a configured value; undefined when none is given (see DataStores.configure). */
export type DataStoreCheck = (prop: PropDescriptor, given: unknown) => unknown;

/**
 * resolveProps' handling of one `data_store` prop: records it as missing, or keeps the checked
 * value. Without a `check` only the shape is kept.
 */
export function resolveDataStoreProp(p: PropDescriptor, given: unknown, check: DataStoreCheck | undefined, values: Record<string, unknown>, missing: string[]): void {
  const raw = given === undefined || given === null ? p.default : given;
  const value = check ? check(p, raw) : dataStoreIdOf(raw) !== undefined ? { data_store_id: dataStoreIdOf(raw) } : undefined;
  if (value !== undefined) values[p.name] = value;
  else if (!p.optional) missing.push(p.name);
}

/**
 * The names of the `data_store` props among `props`. A source keeps them (`data_store_props`),
 * so that ones `additionalProps()` added are live too without running it for every invocation.
 */
export function dataStorePropNames(props: readonly PropDescriptor[]): string[] {
  return props.filter((p) => p.type === DATA_STORE_PROP).map((p) => p.name);
}

/** The interface values that turn each configured `data_store` prop into its live store. */
export function dataStoreInterfaces(props: readonly PropDescriptor[] | readonly string[], values: Record<string, unknown>): Record<string, InterfaceValue> {
  const names = props.map((p) => (typeof p === 'string' ? p : p.type === DATA_STORE_PROP ? p.name : undefined));
  const out: Record<string, InterfaceValue> = {};
  for (const name of names) {
    const id = name === undefined ? undefined : dataStoreIdOf(values[name]);
    if (name !== undefined && id) out[name] = { kind: 'data_store', id };
  }
  return out;
}
