import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { MAX_PROJECT_FILES as MAX_FILES, workflowIdOf } from '../../shared/projects-api';
import { CliError } from './errors';

const SKIP_DIRS = new Set(['.git', 'node_modules']);
const MAX_FILE_BYTES = 1024 * 1024;

/** A folder's files (path relative to it, `/`-separated → text), as the import takes them; `keep` picks which. */
export async function readFolder(dir: string, keep: (path: string) => boolean = () => true): Promise<Record<string, string>> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new CliError(`${dir} is not a folder`);
  const files: Record<string, string> = {};
  let count = 0;
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) await walk(p);
        continue;
      }
      const rel = relative(root, p).split(sep).join('/');
      if (!entry.isFile() || !keep(rel)) continue;
      if (count >= MAX_FILES) throw new CliError(`${dir} holds more than ${MAX_FILES} files: is it a synced project folder?`);
      if ((await stat(p)).size > MAX_FILE_BYTES) continue;
      files[rel] = await readFile(p, 'utf8');
      count++;
    }
  };
  await walk(root);
  return files;
}

/**
 * `files` with each workflow folder renamed to the folder of `dir` already holding that workflow
 * (its `.workflow.state` id), so an export into the repository it came from rewrites files in
 * place instead of adding a second folder when the name's slug changed.
 */
export async function intoExistingFolders(dir: string, files: Record<string, string>): Promise<Record<string, string>> {
  const existing = new Map<string, string>();
  for (const entry of await readdir(resolve(dir), { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const state = await readFile(join(resolve(dir), entry.name, '.workflow.state'), 'utf8').catch(() => undefined);
    const id = workflowIdOf(entry.name, state);
    if (id) existing.set(id, entry.name);
  }
  const renamed = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) {
    if (!path.endsWith('/.workflow.state')) continue;
    const folder = path.slice(0, -'/.workflow.state'.length);
    const id = workflowIdOf(folder, text);
    const there = id ? existing.get(id) : undefined;
    if (there && there !== folder) renamed.set(folder, there);
  }
  if (renamed.size === 0) return files;
  return Object.fromEntries(
    Object.entries(files).map(([path, text]) => {
      const i = path.indexOf('/');
      const to = i > 0 ? renamed.get(path.slice(0, i)) : undefined;
      return [to ? `${to}${path.slice(i)}` : path, text];
    }),
  );
}

/** Writes `files` (relative paths) under `dir`, creating folders; returns how many were written. */
export async function writeFolder(dir: string, files: Record<string, string>): Promise<number> {
  const root = resolve(dir);
  for (const [rel, text] of Object.entries(files)) {
    const target = resolve(root, rel);
    // The service names the paths: never write outside the folder.
    if (!target.startsWith(root + sep)) throw new CliError(`refusing to write ${rel} outside ${dir}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return Object.keys(files).length;
}
