import { stat } from 'node:fs/promises';
import type { ConfigurableProp, DeployedSource, Workflow } from '../../shared/resources';
import { bundleFile } from './bundle-file';
import type { RunnelClient } from './client';
import { CliError } from './errors';

/** A component to deploy, saved in the service: from a local file or a registry key. */
export interface DeployableComponent {
  type: 'source' | 'action';
  name: string;
  configurable_props: ConfigurableProp[];
  /** How `POST /v1/sources` or a workflow step names it. */
  ref: { component_id: string } | { key: string };
  code?: string;
}

/** True when `arg` names a file (or looks like a path); otherwise it is a registry key. */
export async function isFileArg(arg: string): Promise<boolean> {
  try {
    return (await stat(arg)).isFile();
  } catch {
    if (/[\\/]|\.(m?[jt]s|cjs)$/.test(arg)) throw new CliError(`no such file: ${arg}`);
    return false;
  }
}

/** Saves a component file (bundled with its local imports) or looks a registry key up. */
export async function loadComponent(client: RunnelClient, arg: string): Promise<DeployableComponent> {
  if (await isFileArg(arg)) {
    const { code, body } = await bundleFile(arg);
    const saved = await client.api.data('createComponent', { body });
    return { type: saved.type, name: saved.name, configurable_props: saved.configurable_props, ref: { component_id: saved.id }, code };
  }
  const entry = await client.api.data('getRegistryEntry', { key: arg }).catch((err) => {
    if (err instanceof CliError && err.code === 'not_found') throw new CliError(`"${arg}" is neither a file nor a registry key (see runnel list registry)`, 1, 'not_found');
    throw err;
  });
  return { type: entry.type, name: entry.name, configurable_props: entry.configurable_props, ref: { key: entry.key } };
}

/** A step name from a component name: `Say Hi!` → `say_hi`. */
export function stepName(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z_]/.test(s) ? s : `step_${s}`.replace(/_$/, '');
}

export type Deployed = { type: 'source'; resource: DeployedSource } | { type: 'workflow'; resource: Workflow };

/**
 * Deploys a source as a source, and an action as a one-step workflow (HTTP trigger when its
 * code calls `$.respond`, manual otherwise, unless `trigger` says).
 */
export async function deployComponent(
  client: RunnelClient,
  c: DeployableComponent,
  o: { name?: string; props: Record<string, unknown>; trigger?: string },
): Promise<Deployed> {
  if (c.type === 'source') {
    if (o.trigger) throw new CliError('--trigger is for actions (a source has its own triggers)');
    const source = await client.api.data('createSource', { body: { ...c.ref, name: o.name, configured_props: o.props } });
    return { type: 'source', resource: source };
  }
  const type = o.trigger ?? (c.code?.includes('$.respond') ? 'http' : 'manual');
  if (type !== 'http' && type !== 'manual') throw new CliError(`--trigger must be http or manual, got "${type}"`);
  const workflow = await client.api.data('createWorkflow', {
    body: { name: o.name ?? c.name, trigger: { type }, steps: [{ name: stepName(c.name), ...c.ref, configured_props: o.props }] },
  });
  return { type: 'workflow', resource: workflow };
}

/** The webhook address of a deployed source or workflow, if it has one. */
export function endpointOf(d: Deployed): string | null {
  if (d.type === 'workflow') return d.resource.trigger.type === 'http' ? d.resource.trigger.endpoint_url : null;
  for (const v of Object.values(d.resource.configured_props)) {
    if (v && typeof v === 'object' && typeof (v as { endpoint_url?: unknown }).endpoint_url === 'string') return (v as { endpoint_url: string }).endpoint_url;
  }
  return null;
}
