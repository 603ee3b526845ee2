import type { Command } from 'commander';
import { action } from '../cli-context';

/** `runnel unpublish <key>`: removes every published version of a registry key. */
export function registerUnpublish(program: Command): void {
  program
    .command('unpublish')
    .description('remove a published component (all its versions) from the local registry; refused while deployed or built in')
    .argument('<key>', 'the registry key')
    .action(
      action(async (ctx, _opts, key) => {
        const r = await (await ctx.client()).api.data('unpublishComponent', { key });
        ctx.out.result(r, () => `${ctx.out.color.green('Unpublished')} ${r.key} (${r.versions.join(', ')})`);
      }),
    );
}
