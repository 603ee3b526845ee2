import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from '../errors';

/** How one test runner is started: `node <argv>`, and what to remove afterwards. */
export interface RunnerPlan {
  name: 'vitest' | 'node';
  argv: string[];
  cleanup(): void;
}

/** Where runnel/testing and Runnel's own vitest live: the root of the running Runnel install. */
export interface RunnelInstall {
  packageRoot: string;
}

/** runnel/testing's built file (package.json "exports" "./testing"). */
const testingFile = (install: RunnelInstall) => join(install.packageRoot, 'out', 'main', 'testing.js');

/** The `vitest` package folder that resolves from `dir`, if any. */
export function vitestDir(dir: string): string | undefined {
  try {
    return dirname(createRequire(join(dir, 'noop.js')).resolve('vitest/package.json'));
  } catch {
    return undefined;
  }
}

/** The files that use node:test (they run under `node --test`, not vitest). */
export function nodeTestFiles(cwd: string, files: string[]): string[] {
  const nodeTest = /(?:from\s*|import\s*\(?\s*|require\(\s*)['"]node:test['"]/;
  return files.filter((f) => nodeTest.test(readFileSync(resolve(cwd, f), 'utf8')));
}

/**
 * vitest with a config of Runnel's making (never the config of Runnel's checkout, nor one the
 * folder does not have): exactly `files`, `runnel/testing` (and `vitest`, when the folder has no
 * vitest of its own) aliased to Runnel's install, the cache in a temp folder so nothing is
 * written into the user's folder.
 */
export function vitestPlan(cwd: string, files: string[], install: RunnelInstall): RunnerPlan | undefined {
  const own = vitestDir(cwd);
  const vitest = own ?? vitestDir(install.packageRoot);
  if (!vitest) return undefined;
  const pkg = JSON.parse(readFileSync(join(vitest, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.vitest;
  if (!bin) return undefined;
  const tmp = mkdtempSync(join(tmpdir(), 'runnel-test-'));
  const alias = [{ find: '^runnel/testing$', replacement: testingFile(install) }];
  if (!own) alias.push({ find: '^vitest$', replacement: vitest });
  const config = {
    root: cwd,
    cacheDir: join(tmp, 'cache'),
    resolve: { alias },
    // Each loaded component starts a runner child process: more than vitest's 5 s defaults.
    test: { include: files.map(escapeGlob), testTimeout: 30_000, hookTimeout: 30_000 },
  };
  const configFile = join(tmp, 'vitest.config.mjs');
  // The aliases' `find` are regular expressions (an exact match, not a prefix).
  const text = JSON.stringify(config, null, 2).replace(/"find": "(\^[^"]+\$)"/g, (_, re: string) => `"find": /${re.replace(/\//g, '\\/')}/`);
  writeFileSync(configFile, `// Written by runnel test for this run only.\nexport default ${text};\n`);
  return { name: 'vitest', argv: [resolve(vitest, bin), 'run', '--config', configFile], cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** `node --test`, with a resolve hook that maps `runnel/testing` to Runnel's install (nothing to install in the folder). */
export function nodePlan(files: string[], install: RunnelInstall): RunnerPlan {
  const target = pathToFileURL(testingFile(install)).href;
  const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'runnel/testing') return { url: ${JSON.stringify(target)}, shortCircuit: true };
  return next(specifier, context);
}`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(dataUrl(hooks))});`;
  // node --test passes --import on to each test file's process.
  return { name: 'node', argv: ['--import', dataUrl(register), '--test', ...files], cleanup: () => {} };
}

const dataUrl = (js: string) => `data:text/javascript,${encodeURIComponent(js)}`;
const escapeGlob = (file: string) => file.replace(/[*?[\]{}()!+@]/g, '\\$&');

/** The runner for `files`: `--runner`, else node for node:test files, else vitest (the folder's, or Runnel's own). */
export function planRunner(cwd: string, files: string[], install: RunnelInstall, wanted: string | undefined): RunnerPlan {
  if (wanted !== undefined && wanted !== 'vitest' && wanted !== 'node') throw new CliError(`--runner must be vitest or node, not ${wanted}`);
  const nodeFiles = wanted === undefined ? nodeTestFiles(cwd, files) : [];
  if (nodeFiles.length > 0 && nodeFiles.length < files.length) {
    const other = files.find((f) => !nodeFiles.includes(f));
    throw new CliError(`${nodeFiles[0]} uses node:test and ${other} does not: run them separately (a glob or folder each), or choose one with --runner`);
  }
  const useNode = wanted === 'node' || (wanted === undefined && nodeFiles.length > 0);
  const vitest = useNode ? undefined : vitestPlan(cwd, files, install);
  if (wanted === 'vitest' && !vitest) throw new CliError(`vitest is installed neither in ${cwd} nor with Runnel (npm i -D vitest)`);
  if (vitest) return vitest;
  const ts = files.find((f) => /\.[cm]?tsx?$/.test(f));
  if (ts) throw new CliError(`${ts} is TypeScript: node --test runs JavaScript only; TypeScript tests run with vitest (install it: npm i -D vitest)`);
  return nodePlan(files, install);
}
