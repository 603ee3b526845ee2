import { homedir } from 'node:os';
import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { defaultBinDir, installLauncher, launcherReport } from '../install-launcher';

/** `runnel install-cli [--bin-dir]`: puts `runnel` on the PATH (a launcher in ~/.local/bin); `npm run install-cli` in a checkout. */
export function registerInstallCli(program: Command, paths: { cli: string }): void {
  program
    .command('install-cli')
    .description("put the runnel command on the PATH: writes a small launcher into ~/.local/bin that runs this Runnel")
    .option('--bin-dir <dir>', 'the folder to write it into (default: ~/.local/bin)')
    .action(
      action<{ binDir?: string }>(async (ctx, opts) => {
        let result;
        try {
          result = installLauncher({ binDir: opts.binDir ?? defaultBinDir(homedir()), cli: paths.cli });
        } catch (err) {
          throw new CliError(`${(err as Error).message} with --bin-dir`);
        }
        ctx.out.result({ ...result, message: launcherReport(result) }, () => launcherReport(result));
      }),
    );
}
