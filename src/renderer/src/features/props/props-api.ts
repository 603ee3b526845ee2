import type { ConfigurableProp } from '../../../../shared/resources';
import { client } from '../../api/client';

/** The component's props merged with what `additionalProps()` returns for these values. */
export async function reloadProps(componentId: string, configured: Record<string, unknown>): Promise<ConfigurableProp[]> {
  const r = await client.data('reloadProps', { idOrKey: componentId, body: { configured_props: configured } });
  return r.configurable_props;
}
