import type { Command } from 'commander';
import { action } from '../cli-context';
import { resolveTarget } from '../resolve-target';

/** `runnel delete <id|name>`: removes a source, workflow or saved component. */
export function registerDelete(program: Command): void {
  program
    .command('delete')
    .description('delete a source (its events, logs and endpoint), a workflow, or a saved component (sc_ id)')
    .argument('<id|name>', 'a source, workflow or component')
    .option('--force', "delete a source even if its deactivate() hook throws")
    .action(
      action<{ force?: boolean }>(async (ctx, opts, ref) => {
        const client = await ctx.client();
        const target = await resolveTarget(client, ref, ['source', 'workflow', 'component']);
        const { id } = target;
        const result = await (target.kind === 'source'
          ? client.api.data('deleteSource', { id, query: { force: opts.force ? 'true' : undefined } })
          : target.kind === 'workflow'
            ? client.api.data('deleteWorkflow', { id })
            : client.api.data('deleteComponent', { id }));
        ctx.out.result({ ...result, type: target.kind, name: target.name }, () => `${ctx.out.color.green('Deleted')} ${target.kind} "${target.name}" (${target.id})`);
      }),
    );
}
