import type { Command } from 'commander';
import type { DeployedSource, RegistryEntry, SavedComponent, Subscription, Workflow } from '../../../shared/resources';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { isoSeconds } from '../format';
import { isoTime, type Output } from '../output';
import type { RunnelClient } from '../client';

const KINDS = ['sources', 'components', 'workflows', 'subscriptions', 'registry'] as const;
type Kind = (typeof KINDS)[number];

/** `runnel list [sources|components|workflows|subscriptions|registry]`: newest first. */
export function registerList(program: Command): void {
  program
    .command('list')
    .description('list sources (default), components, workflows, subscriptions or registry components')
    .argument('[what]', KINDS.join('|'), 'sources')
    .action(
      action(async (ctx, _opts, what) => {
        const kind = KINDS.find((k) => k === what || k === `${what}s`);
        if (!kind) throw new CliError(`cannot list "${what}": choose ${KINDS.join(', ')}`);
        const client = await ctx.client();
        const rows = await fetchList(client, kind);
        ctx.out.result(rows, () => (rows.length === 0 ? `No ${kind}.` : table(ctx.out, kind, rows)));
      }),
    );
}

async function fetchList(client: RunnelClient, kind: Kind): Promise<unknown[]> {
  switch (kind) {
    case 'sources':
      return client.api.all('listSources');
    case 'components':
      return client.api.all('listComponents');
    case 'workflows':
      return client.api.all('listWorkflows');
    case 'subscriptions':
      return client.api.data('listSubscriptions');
    case 'registry':
      return client.api.data('listRegistry');
  }
}

function table(out: Output, kind: Kind, rows: unknown[]): string {
  const yes = (b: boolean) => (b ? out.color.green('yes') : out.color.dim('no'));
  switch (kind) {
    case 'sources':
      return out.table(
        ['ID', 'NAME', 'ACTIVE', 'COMPONENT', 'LAST EVENT', 'CREATED'],
        (rows as DeployedSource[]).map((s) => [s.id, s.name, yes(s.active), s.component_key ?? s.component_id, isoTime(s.last_event_at), isoSeconds(s.created_at)]),
      );
    case 'components':
      return out.table(
        ['ID', 'KEY', 'NAME', 'VERSION', 'TYPE', 'UPDATED'],
        (rows as SavedComponent[]).map((c) => [c.id, c.key ?? '-', c.name, c.version, c.type, isoSeconds(c.updated_at)]),
      );
    case 'workflows':
      return out.table(
        ['ID', 'NAME', 'ACTIVE', 'TRIGGER', 'STEPS', 'CREATED'],
        (rows as Workflow[]).map((w) => [w.id, w.name, yes(w.active), w.trigger.type, w.steps.map((s) => s.name).join(', '), isoSeconds(w.created_at)]),
      );
    case 'subscriptions':
      return out.table(
        ['ID', 'EMITTER', 'LISTENER', 'CHANNEL'],
        (rows as Subscription[]).map((s) => [s.id, s.emitter_id, s.listener_id, s.event_name === '' ? '(default)' : s.event_name]),
      );
    case 'registry':
      return out.table(
        ['KEY', 'NAME', 'VERSION', 'TYPE', 'BUILT-IN'],
        (rows as RegistryEntry[]).map((r) => [r.key, r.name, r.version, r.type, yes(r.builtin)]),
      );
  }
}
