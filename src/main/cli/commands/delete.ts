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
        const path = target.kind === 'source' ? `/v1/sources/${target.id}${opts.force ? '?force=true' : ''}` : target.kind === 'workflow' ? `/v1/workflows/${target.id}` : `/v1/components/${target.id}`;
        const result = await client.del<{ id: string; deleted: boolean }>(path);
        ctx.out.result({ ...result, type: target.kind, name: target.name }, () => `${ctx.out.color.green('Deleted')} ${target.kind} "${target.name}" (${target.id})`);
      }),
    );
}
