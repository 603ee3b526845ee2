import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Which files of a folder `runnel dev <folder>` deploys: `*.js`, `*.mjs` and `*.ts` files with a
 * default export (`export default`, `module.exports`), anywhere under the folder except under
 * `node_modules/`, `lib/`, `common/`, a folder or file starting with `_` or `.`, and test or
 * declaration files. A file that another component imports is a library, not a component
 * (decided after bundling, see DevSession).
 */
export function mayBeComponentPath(root: string, file: string): boolean {
  const parts = relative(root, file).split(sep);
  if (parts[0] === '..' || parts.length === 0) return false;
  const name = parts[parts.length - 1];
  if (!/\.(m?js|ts)$/.test(name) || /\.d\.ts$|\.(test|spec)\.(m?js|ts)$/.test(name)) return false;
  return parts.every((p) => !p.startsWith('_') && !p.startsWith('.')) && parts.slice(0, -1).every((d) => !SKIPPED_DIRS.has(d));
}

const SKIPPED_DIRS = new Set(['node_modules', 'lib', 'common']);

/** Has the source text a default export? (A cheap look, before bundling.) */
export async function hasDefaultExport(file: string): Promise<boolean> {
  try {
    return DEFAULT_EXPORT.test(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
}

const DEFAULT_EXPORT = /\bexport\s+default\b|\bmodule\.exports\b|\bexport\s*\{[^}]*\bas\s+default\b/;

/** Every path under `root` that may be a component (see mayBeComponentPath), sorted. */
export async function candidateFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  // A walk that does not descend into skipped folders (node_modules can be huge).
  const walk = async (dir: string): Promise<void> => {
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory() && !SKIPPED_DIRS.has(e.name) && !e.name.startsWith('_') && !e.name.startsWith('.')) await walk(path);
      else if (e.isFile() && mayBeComponentPath(root, path) && (await hasDefaultExport(path))) found.push(path);
    }
  };
  await walk(root);
  return found;
}
