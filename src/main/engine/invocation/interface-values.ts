// What a component's interface props become for one invocation, the same for the service and
// runnel/testing: a source's http endpoint, timer and db props; a step's db props; and each
// configured `data_store` prop as its live store.
import { dataStoreInterfaces } from '../props/data-store-props';
import type { InterfaceValue } from '../../domain/invocations';
import type { PropDescriptor } from '../../domain/components';
import type { SourceDoc } from '../../domain/deployments';

/** A source's interface values; `dataStoreProps` are its data_store prop names (or its props). */
export function sourceInterfaces(
  doc: Pick<SourceDoc, 'http' | 'timer' | 'db_props'>,
  endpointUrl: (token: string) => string,
  dataStoreProps: readonly PropDescriptor[] | readonly string[] = [],
  values: Record<string, unknown> = {},
): Record<string, InterfaceValue> {
  const out: Record<string, InterfaceValue> = {};
  if (doc.http) {
    out[doc.http.prop] = { kind: 'http', endpoint: endpointUrl(doc.http.token), customResponse: doc.http.customResponse };
  }
  if (doc.timer) {
    const t = doc.timer;
    out[t.prop] = { kind: 'timer', value: t.cron ? { cron: t.cron, ...(t.timezone ? { timezone: t.timezone } : {}) } : { intervalSeconds: t.intervalSeconds } };
  }
  for (const p of doc.db_props) out[p] = { kind: 'db' };
  return { ...out, ...dataStoreInterfaces(dataStoreProps, values) };
}

/** A workflow step's interface values: its db props and data stores. */
export function stepInterfaces(dbProps: readonly string[], props: readonly PropDescriptor[], values: Record<string, unknown>): Record<string, InterfaceValue> {
  return { ...Object.fromEntries(dbProps.map((p) => [p, { kind: 'db' } as InterfaceValue])), ...dataStoreInterfaces(props, values) };
}
