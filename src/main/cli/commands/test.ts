import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { DEFAULT_GLOB, findTestFiles } from '../test-run/test-files';
import { planRunner, type RunnelInstall } from '../test-run/runners';

export { globToRegExp } from '../test-run/test-files';

interface TestOptions {
  runner?: string;
}

/**
 * `runnel test [glob]`: runs the component tests (files that use runnel/testing) of the current
 * folder, which needs nothing installed: `runnel/testing` resolves to this Runnel, vitest is the
 * folder's own or Runnel's, and Runnel's own test config is never involved. Files that use
 * node:test run with `node --test`. The exit code is the test runner's.
 */
export function registerTest(program: Command, install: RunnelInstall): void {
  program
    .command('test [glob]')
    .description(`run component tests that use runnel/testing (default: ${DEFAULT_GLOB} under the current folder, node_modules excluded; a folder name works too)`)
    .option('--runner <runner>', 'vitest or node (default: node for files that use node:test, else vitest: the folder\'s own, or Runnel\'s)')
    .action(
      action<TestOptions>(async (ctx, opts, glob) => {
        const cwd = process.cwd();
        if (glob === undefined && realpathSync(cwd) === realpathSync(install.packageRoot)) {
          throw new CliError("this is Runnel's own checkout: name your components' folder (runnel test my-components/) or run it there; Runnel's own tests run with npm test");
        }
        const files = findTestFiles(cwd, glob ?? DEFAULT_GLOB, [install.packageRoot]);
        if (files.length === 0) throw new CliError(`no test files match ${glob ?? DEFAULT_GLOB} under ${cwd}`);
        const runner = planRunner(cwd, files, install, opts.runner);
        let code: number;
        try {
          // With --json, the runner's own report goes to stderr so stdout stays one JSON value.
          code = await run(runner.argv, cwd, ctx.out.json);
        } finally {
          runner.cleanup();
        }
        if (ctx.out.json) ctx.out.result({ runner: runner.name, files, passed: code === 0, exit_code: code }, () => '');
        if (code !== 0) throw new CliError(`tests failed (${runner.name} exited with ${code})`, code);
      }),
    );
}

function run(argv: string[], cwd: string, quietStdout: boolean): Promise<number> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, argv, { cwd, stdio: ['inherit', quietStdout ? 2 : 'inherit', 'inherit'] });
    child.on('error', (err) => rej(new CliError(`could not start the test runner: ${err.message}`)));
    child.on('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
  });
}
