import type { ConfigurableProp } from '../../../../shared/resources';
import { api } from '../../api/client';

/** The component's props merged with what `additionalProps()` returns for these values. */
export async function reloadProps(componentId: string, configured: Record<string, unknown>): Promise<ConfigurableProp[]> {
  const r = await api.post<{ configurable_props: ConfigurableProp[] }>(`/v1/components/${encodeURIComponent(componentId)}/props/reload`, { configured_props: configured });
  return r.configurable_props;
}
