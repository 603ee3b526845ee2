import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { keyOf, starter, type StarterKind } from '../templates/starters';

interface InitOptions {
  db?: boolean;
  http?: boolean;
  timer?: boolean;
}

/** `runnel init app|action|source <name>`: writes `<name>.mjs`, a starter that deploys as it is. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description('write a starter component <name>.mjs: a source, an action, or an app with an action using it')
    .argument('<kind>', 'app, action or source')
    .argument('<name>', 'the name (the file is <name>.mjs in the current folder)')
    .option('--db', 'use a $.service.db prop')
    .option('--http', 'a source: an HTTP endpoint; an action or app: answer the HTTP trigger with $.respond')
    .option('--timer', 'a source: run on a timer (the default when --http is not given)')
    .action(
      action<InitOptions>(async (ctx, opts, kind, name) => {
        if (kind !== 'app' && kind !== 'action' && kind !== 'source') throw new CliError(`cannot init "${kind}": choose app, action or source`);
        if (opts.timer && kind !== 'source') throw new CliError('--timer is for sources (an action runs when its workflow is triggered)');
        if (!keyOf(basename(name))) throw new CliError(`"${name}" has no letters or digits to name a component after`);
        const file = resolve(name.endsWith('.mjs') ? name : `${name}.mjs`);
        const base = basename(name).replace(/\.mjs$/, '');
        try {
          await writeFile(file, starter(kind as StarterKind, base, opts), { flag: 'wx' });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${file} already exists; not overwriting it`);
          throw new CliError(`cannot write ${file}: ${(err as Error).message}`);
        }
        ctx.out.result({ file, kind }, () => `${ctx.out.color.green('Wrote')} ${file}\nNext: runnel deploy ${file}${kind === 'app' ? " --prop '<app>={\"account_id\":\"apn_…\"}' (see the file's header)" : ''}`);
      }),
    );
}
