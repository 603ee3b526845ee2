// What a runner may read under Node's permission model: its own built files and the npm
// packages it imports at run time, found the way Node finds them. Never the checkout or the
// data dir: users keep data dirs inside checkouts (`--data-dir ./my-data`).
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { devNull } from 'node:os';
import { dirname, join, parse, sep } from 'node:path';

/**
 * The packages out/main/runner.js imports (tests/security/os-wall.test.ts reads the built
 * runner and fails if it imports another). Their own dependencies are followed.
 */
export const RUNNER_PACKAGES = ['ses'];

/** Where Node finds package `name` for a module in `fromDir`: the nearest node_modules. */
function findPackage(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Symbolic links on the way to `path`: Node's resolver stats each (a linked node_modules, as
 * in a pnpm or workspace layout), and the permission model checks the link's own path.
 */
function linksAbove(path: string): string[] {
  const links: string[] = [];
  const { root } = parse(path);
  let current = root;
  for (const part of path.slice(root.length).split(sep).filter(Boolean)) {
    current = join(current, part);
    try {
      if (lstatSync(current).isSymbolicLink()) links.push(current);
    } catch {
      return links;
    }
  }
  return links;
}

function addPackage(name: string, fromDir: string, out: Set<string>, seen: Set<string>): void {
  const found = findPackage(name, fromDir);
  if (!found) return;
  const real = realpathSync(found);
  if (seen.has(real)) return;
  seen.add(real);
  for (const p of [found, real, ...linksAbove(found)]) out.add(p);
  const pkg = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as { dependencies?: object; optionalDependencies?: object };
  // A package's own imports are resolved from its real location.
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) addPackage(dep, real, out, seen);
}

/**
 * The packages out/main/python-runner.js imports (Pyodide: its WebAssembly module and standard
 * library are files in the package, read at start).
 */
export const PYTHON_RUNNER_PACKAGES = ['pyodide'];

/** Every path a runner started from `entry` must read (files and folders, recursive). */
export function runnerReadGrants(entry: string, packages: readonly string[] = RUNNER_PACKAGES): string[] {
  const out = new Set<string>();
  const dir = dirname(entry);
  out.add(dir);
  // A missing entry is the runner's start failure to report, not ours.
  if (existsSync(dir)) for (const p of [realpathSync(dir), ...linksAbove(dir)]) out.add(p);
  const seen = new Set<string>();
  for (const name of packages) addPackage(name, dir, out, seen);
  // host-hardening.ts opens it once to reach the FileHandle prototype.
  out.add(devNull);
  return outermost([...out]);
}

/**
 * The paths not inside another of them. A folder grant covers what is inside it, and Node 20's
 * permission model denies a path granted both directly and through its folder (its tree
 * mishandles a folder inserted after something inside it).
 */
function outermost(paths: string[]): string[] {
  const kept: string[] = [];
  for (const p of [...new Set(paths)].sort((a, b) => a.length - b.length)) {
    if (!kept.some((k) => p.startsWith(k.endsWith(sep) ? k : k + sep))) kept.push(p);
  }
  return kept;
}
