import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { FeedClient } from '../dev/feed';
import { DevPrinter } from '../dev/printer';
import { collectProp } from '../dev/props';
import { DevSession } from '../dev/session';

interface DevOptions {
  name?: string;
  prop: string[];
  http?: boolean;
  rm?: boolean;
}

/** `runnel dev <file|folder>`: deploy, watch, update in place on save, show events and logs. */
export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('deploy a source or action, reload it in place on every save, and show its events and logs')
    .argument('<path>', 'a component file, or a folder of them')
    .option('--name <name>', "the deployment's name (default: the component's name)")
    .option('--prop <name=value>', 'a prop value (repeatable)', collectProp, [] as string[])
    .option('--http', "give an action's workflow an HTTP trigger instead of a manual one")
    .option('--rm', 'delete the deployments when dev mode stops')
    .action(
      action<DevOptions>(async (ctx, opts, path) => {
        const kind = await stat(path).then(
          (s) => (s.isDirectory() ? 'folder' : 'file'),
          () => {
            throw new CliError(`no such file or folder: ${path}`);
          },
        );
        if (kind === 'folder' && opts.name) throw new CliError('--name names one deployment; it cannot be used with a folder');
        // Listening from the start: a Ctrl-C during the first deploy stops once it is done.
        const stopped = untilStopped();
        const client = await ctx.client();
        const printer = new DevPrinter(ctx.out);
        // The stream is open before anything is deployed, so the first events are not missed.
        const feed = new FeedClient(client.conn, (f) => printer.frame(f), (s) => printer.stream(s));
        await feed.open();
        const session = new DevSession(client, printer, { name: opts.name, props: opts.prop, http: Boolean(opts.http) });
        try {
          if (kind === 'folder') await session.startFolder(path);
          else await session.startFile(path);
          await stopped;
          await session.close(Boolean(opts.rm));
          printer.stopped(session.deployments());
        } finally {
          feed.close();
          await session.close();
        }
      }),
    );
}

/** Ctrl-C or a TERM signal: stop watching (a second Ctrl-C kills at once). */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
