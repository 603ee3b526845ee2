import type { Command } from 'commander';
import { action } from '../cli-context';

/** `runnel open`: a fresh one-time link that signs the web UI in. */
export function registerOpen(program: Command): void {
  program
    .command('open')
    .description('print a fresh one-time link that signs the web UI in')
    .action(
      action(async (ctx) => {
        const client = await ctx.client();
        const link = await client.api.data('createSessionToken');
        ctx.out.result(link, () => `Open ${link.url}`);
      }),
    );
}
