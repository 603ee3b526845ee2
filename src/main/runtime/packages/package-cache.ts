import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnelError } from '../../../shared/errors';
import type { Logger } from '../../logger';
import { packageFolders, type ExactImport } from './package-folders';

export interface PackageCacheOptions {
  /** `<data-dir>/packages`. */
  dir: string;
  logger: Logger;
  /** The npm command (tests and odd setups may point elsewhere). */
  npm?: string;
  /** Each progress line as it happens (the account stream). */
  onActivity?(a: { ts: number; line: string }): void;
}

/** One line of progress, for logs and the API. */
export type Progress = (line: string) => void;

/**
 * npm packages for components, fetched with npm itself (so the user's registry, proxy and
 * .npmrc apply; install scripts never run) into a folder per set of exact versions. An
 * unpinned name resolves to the latest version once and stays there until refreshed, so a
 * warm cache deploys offline.
 */
export class PackageCache {
  private resolved: Record<string, string> | undefined;
  private readonly npm: string;
  /** The last progress lines, newest last (GET /v1/packages). */
  private readonly activity: { ts: number; line: string }[] = [];

  constructor(private readonly opts: PackageCacheOptions) {
    this.npm = opts.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm');
  }

  /** What the cache holds and has been doing. */
  async state(): Promise<{ resolved: Record<string, string>; sets: string[][]; activity: { ts: number; line: string }[] }> {
    const sets: string[][] = [];
    try {
      for (const name of await readdir(join(this.opts.dir, 'sets'))) {
        try {
          sets.push((await readFile(join(this.opts.dir, 'sets', name, '.complete'), 'utf8')).split('\n').filter(Boolean));
        } catch {
          /* an install in progress */
        }
      }
    } catch {
      /* nothing fetched yet */
    }
    return { resolved: { ...(await this.resolvedMap()) }, sets, activity: [...this.activity] };
  }

  /** Forgets which version unpinned imports resolved to (all, or one package), so the next save fetches the latest. */
  async refresh(name?: string): Promise<string[]> {
    const map = await this.resolvedMap();
    const dropped = Object.keys(map).filter((k) => k.endsWith('@latest') && (!name || k === `${name}@latest`));
    for (const k of dropped) delete map[k];
    await mkdir(this.opts.dir, { recursive: true });
    await writeFile(join(this.opts.dir, 'resolved.json'), JSON.stringify(map, null, 2));
    return dropped.map((k) => k.slice(0, -'@latest'.length));
  }

  /**
   * Ensures the packages are installed; resolves to the node_modules folder holding them and
   * the folder in it that answers each import (`importKey(name, range)`; see package-folders.ts).
   */
  async ensure(wanted: { name: string; range: string | null }[], report: Progress): Promise<{ modules: string; folders: Record<string, string> }> {
    const progress: Progress = (line) => {
      const a = { ts: Date.now(), line };
      this.activity.push(a);
      if (this.activity.length > 50) this.activity.shift();
      this.opts.onActivity?.(a);
      this.opts.logger.info(`packages: ${line}`);
      report(line);
    };
    const exact: ExactImport[] = [];
    for (const w of wanted) exact.push({ ...w, version: await this.version(w.name, w.range, progress) });
    const { specs: sorted, folders } = packageFolders(exact);
    const key = createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 16);
    const dir = join(this.opts.dir, 'sets', key);
    const modules = join(dir, 'node_modules');
    if (existsSync(join(dir, '.complete'))) return { modules, folders };
    progress(`fetching ${sorted.join(', ')} — ${sorted.length} package${sorted.length > 1 ? 's' : ''} and their dependencies`);
    // Install next to the final folder, then rename: a half-finished install is never used.
    const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'package.json'), JSON.stringify({ name: 'runnel-package-set', private: true }));
    try {
      await this.run(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', '--omit=dev', '--loglevel=error', ...sorted], tmp, sorted.join(', '));
      await writeFile(join(tmp, '.complete'), sorted.join('\n'));
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
    progress(`fetched ${sorted.join(', ')}`);
    return { modules, folders };
  }

  /** The exact version for a name and range; an unpinned name keeps its first resolution. */
  private async version(name: string, range: string | null, progress: Progress): Promise<string> {
    const map = await this.resolvedMap();
    const key = `${name}@${range ?? 'latest'}`;
    if (map[key]) return map[key];
    if (range && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) return range;
    progress(`resolving ${key}`);
    await mkdir(this.opts.dir, { recursive: true });
    const out = await this.run(['view', `${name}@${range ?? 'latest'}`, 'version', '--json'], this.opts.dir, `${name}@${range ?? 'latest'}`);
    let version: unknown;
    try {
      version = JSON.parse(out || 'null');
    } catch {
      version = null;
    }
    // A range matching several versions gives a list, oldest first.
    const v = Array.isArray(version) ? version[version.length - 1] : version;
    if (typeof v !== 'string') throw new RunnelError('invalid_component', `npm package "${name}@${range ?? 'latest'}" was not found`);
    map[key] = v;
    await mkdir(this.opts.dir, { recursive: true });
    await writeFile(join(this.opts.dir, 'resolved.json'), JSON.stringify(map, null, 2));
    return v;
  }

  private async resolvedMap(): Promise<Record<string, string>> {
    if (!this.resolved) {
      try {
        this.resolved = JSON.parse(await readFile(join(this.opts.dir, 'resolved.json'), 'utf8')) as Record<string, string>;
      } catch {
        this.resolved = {};
      }
    }
    return this.resolved;
  }

  private run(args: string[], cwd: string, what: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.npm, args, { cwd, timeout: 180_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_yes: 'true' } }, (err, stdout, stderr) => {
        if (!err) return resolve(stdout.trim());
        const reason = (stderr || err.message).split('\n').find((l) => /ERR!|error/i.test(l)) ?? err.message;
        this.opts.logger.warn(`npm ${args.slice(0, 2).join(' ')} failed: ${stderr || err.message}`);
        reject(new RunnelError('invalid_component', `npm could not fetch ${what}: ${reason.replace(/^npm (ERR!|error) /, '').trim()}`));
      });
    });
  }
}
