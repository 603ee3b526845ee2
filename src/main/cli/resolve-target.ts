import type { DeployedSource, SavedComponent, Workflow } from '../../shared/resources';
import type { RunnelClient } from './client';
import { CliError } from './errors';

/** What a `<id|name>` argument named. */
export type Target =
  | { kind: 'source'; id: string; name: string; source: DeployedSource }
  | { kind: 'workflow'; id: string; name: string; workflow: Workflow }
  | { kind: 'component'; id: string; name: string; component: SavedComponent };

export type TargetKind = Target['kind'];

/** The slug the service gives a name (`name_slug` of sources; workflows are matched the same way). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const PREFIX: Record<string, TargetKind> = { dc_: 'source', p_: 'workflow', sc_: 'component' };

/**
 * Finds a source, workflow (or, when `kinds` allows, a saved component) by id, by name or by
 * name slug (components also by key). A name that fits several is refused, listing them.
 */
export async function resolveTarget(client: RunnelClient, ref: string, kinds: TargetKind[] = ['source', 'workflow']): Promise<Target> {
  const byPrefix = Object.entries(PREFIX).find(([p]) => ref.startsWith(p))?.[1];
  if (byPrefix && kinds.includes(byPrefix)) {
    try {
      return await fetchById(client, byPrefix, ref);
    } catch (err) {
      if (!(err instanceof CliError && err.code === 'not_found')) throw err;
      // An id-looking name is still tried as a name below.
    }
  }
  const candidates: Target[] = [];
  if (kinds.includes('source')) {
    for (const s of await client.api.all('listSources')) candidates.push({ kind: 'source', id: s.id, name: s.name, source: s });
  }
  if (kinds.includes('workflow')) {
    for (const w of await client.api.all('listWorkflows')) candidates.push({ kind: 'workflow', id: w.id, name: w.name, workflow: w });
  }
  const slugOf = (t: Target) => (t.kind === 'source' ? t.source.name_slug : slugify(t.name));
  let found = candidates.filter((t) => t.name === ref || slugOf(t) === ref);
  if (found.length === 0) found = candidates.filter((t) => t.name.toLowerCase() === ref.toLowerCase() || slugOf(t) === slugify(ref));
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    throw new CliError(`"${ref}" is ambiguous: ${found.map((t) => `${t.kind} "${t.name}" (${t.id})`).join(', ')}; give an id`);
  }
  if (kinds.includes('component')) {
    try {
      return await fetchById(client, 'component', ref);
    } catch (err) {
      if (!(err instanceof CliError && err.code === 'not_found')) throw err;
    }
  }
  throw new CliError(`no ${describeKinds(kinds)} named "${ref}" (try runnel list)`, 1, 'not_found');
}

async function fetchById(client: RunnelClient, kind: TargetKind, id: string): Promise<Target> {
  if (kind === 'source') {
    const s = await client.api.data('getSource', { id });
    return { kind, id: s.id, name: s.name, source: s };
  }
  if (kind === 'workflow') {
    const w = await client.api.data('getWorkflow', { id });
    return { kind, id: w.id, name: w.name, workflow: w };
  }
  const c = await client.api.data('getComponent', { idOrKey: id });
  return { kind, id: c.id, name: c.name, component: c };
}

function describeKinds(kinds: TargetKind[]): string {
  const words = kinds.map((k) => k);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
