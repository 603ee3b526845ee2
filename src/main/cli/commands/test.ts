import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';

const DEFAULT_GLOB = '**/*.test.{js,mjs,ts}';

interface TestOptions {
  runner?: string;
}

/**
 * `runnel test [glob]`: runs component tests (files that use runnel/testing). With vitest
 * installed in the project it runs `vitest run <files>`; otherwise Node's own `node --test`.
 * The exit code is the test runner's.
 */
export function registerTest(program: Command): void {
  program
    .command('test [glob]')
    .description(`run component tests that use runnel/testing (default glob: ${DEFAULT_GLOB}, node_modules excluded)`)
    .option('--runner <runner>', 'vitest or node (default: vitest when the project has it, else node --test)')
    .action(
      action<TestOptions>(async (ctx, opts, glob) => {
        const cwd = process.cwd();
        const files = findTestFiles(cwd, glob ?? DEFAULT_GLOB);
        if (files.length === 0) throw new CliError(`no test files match ${glob ?? DEFAULT_GLOB} under ${cwd}`);
        const runner = pickRunner(cwd, opts.runner);
        if (runner.name === 'node') {
          const ts = files.filter((f) => /\.[cm]?tsx?$/.test(f));
          if (ts.length > 0) throw new CliError(`${ts[0]} is TypeScript: install vitest in the project (npm i -D vitest) to run TypeScript tests`);
        }
        // With --json, the runner's own report goes to stderr so stdout stays one JSON value.
        const code = await run(runner.argv(files), cwd, ctx.out.json);
        if (ctx.out.json) ctx.out.result({ runner: runner.name, files, passed: code === 0, exit_code: code }, () => '');
        if (code !== 0) throw new CliError(`tests failed (${runner.name} exited with ${code})`, code);
      }),
    );
}

interface Runner {
  name: 'vitest' | 'node';
  argv(files: string[]): string[];
}

function pickRunner(cwd: string, wanted: string | undefined): Runner {
  if (wanted !== undefined && wanted !== 'vitest' && wanted !== 'node') throw new CliError(`--runner must be vitest or node, not ${wanted}`);
  const vitest = wanted === 'node' ? undefined : vitestBin(cwd);
  if (wanted === 'vitest' && !vitest) throw new CliError(`vitest is not installed in ${cwd} (npm i -D vitest)`);
  if (vitest) return { name: 'vitest', argv: (files) => [vitest, 'run', ...files] };
  return { name: 'node', argv: (files) => ['--test', ...files] };
}

/** The project's own vitest (resolved from the cwd as the project's code would), if any. */
function vitestBin(cwd: string): string | undefined {
  try {
    const pkgFile = createRequire(join(cwd, 'package.json')).resolve('vitest/package.json');
    const bin = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin?: string | Record<string, string> }).bin;
    const rel = typeof bin === 'string' ? bin : bin?.vitest;
    return rel ? resolve(dirname(pkgFile), rel) : undefined;
  } catch {
    return undefined;
  }
}

function run(argv: string[], cwd: string, quietStdout: boolean): Promise<number> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, argv, { cwd, stdio: ['inherit', quietStdout ? 2 : 'inherit', 'inherit'] });
    child.on('error', (err) => rej(new CliError(`could not start the test runner: ${err.message}`)));
    child.on('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
  });
}

/** Files under `cwd` matching `pattern` (relative, `/`-separated), node_modules and dot folders skipped. */
export function findTestFiles(cwd: string, pattern: string): string[] {
  const direct = resolve(cwd, pattern);
  if (!/[*?{]/.test(pattern)) {
    if (!existsSync(direct)) return [];
    if (statSync(direct).isFile()) return [relative(cwd, direct).split(sep).join('/')];
    return findTestFiles(cwd, `${relative(cwd, direct).split(sep).join('/')}/${DEFAULT_GLOB}`);
  }
  const re = globToRegExp(pattern.replace(/^\.\//, ''));
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const rel = relative(cwd, full).split(sep).join('/');
        if (re.test(rel)) out.push(rel);
      }
    }
  };
  walk(cwd);
  return out.sort();
}

/** `**` (any folders), `*` and `?` (within a name), `{a,b}` (alternatives). */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((alt) => alt.replace(/[.+^$()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
