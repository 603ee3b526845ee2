import type { Command } from 'commander';
import { bundleFile } from '../bundle-file';
import { action } from '../cli-context';

/** `runnel publish <file>`: a component file into the local registry, under its key and version. */
export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description('publish a component file to the local registry (key app_slug-component-name, semantic version)')
    .argument('<file>', 'the component file (local imports are bundled)')
    .action(
      action(async (ctx, _opts, file) => {
        const { code } = await bundleFile(file);
        const entry = await (await ctx.client()).api.data('publishComponent', { body: { component_code: code } });
        ctx.out.result(entry, () => `${ctx.out.color.green('Published')} ${entry.key}@${entry.version} (${entry.type}, ${entry.component_id})`);
      }),
    );
}
