import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultDataDir } from '../config/paths';
import { lockHolder, runningServices, servicesDir } from '../config/running-services';
import { CliError } from './errors';

/** Where a command connects, and how that was decided (for `--verbose`/error messages). */
export interface Connection {
  url: string;
  apiKey: string;
  from: 'flags' | 'env' | 'profile' | 'data-dir';
}

export interface ConnectionFlags {
  url?: string;
  apiKey?: string;
  profile?: string;
  dataDir?: string;
}

/** `~/.config/runnel/config.json` (or `$XDG_CONFIG_HOME/runnel`, or `RUNNEL_CONFIG`). */
export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RUNNEL_CONFIG) return env.RUNNEL_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'runnel', 'config.json');
}

interface ConfigFile {
  /** The profile used when none is named. */
  default?: string;
  profiles?: Record<string, { url?: string; api_key?: string }>;
}

/**
 * Resolves where to connect: `--url`/`--api-key`, then `RUNNEL_URL`/`RUNNEL_API_KEY`, then a
 * profile of the config file (`--profile`, `RUNNEL_PROFILE`, its `default`, or "default"),
 * then the service running on this machine (see `localService`).
 */
export async function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  let profile: { url?: string; api_key?: string } | undefined;
  try {
    const cfg = JSON.parse(await readFile(configFile(env), 'utf8')) as ConfigFile;
    const name = flags.profile || env.RUNNEL_PROFILE || cfg.default || 'default';
    profile = cfg.profiles?.[name];
    if (!profile && (flags.profile || env.RUNNEL_PROFILE)) throw new CliError(`no profile "${name}" in ${configFile(env)}`);
  } catch (err) {
    if (err instanceof CliError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(`cannot read ${configFile(env)}: ${(err as Error).message}`);
  }
  const givenUrl = flags.url || env.RUNNEL_URL || profile?.url;
  let apiKey = flags.apiKey || env.RUNNEL_API_KEY || profile?.api_key;
  const from: Connection['from'] = flags.apiKey ? 'flags' : env.RUNNEL_API_KEY ? 'env' : profile?.api_key ? 'profile' : 'data-dir';
  if (givenUrl && apiKey) return { url: givenUrl.replace(/\/+$/, ''), apiKey, from };
  const local = await localService(flags.dataDir || env.RUNNEL_DATA_DIR, givenUrl, env);
  if (!apiKey) {
    if (!local.keyFile) throw new CliError(`no API key: the service at ${local.url} takes its key from RUNNEL_API_KEY; set RUNNEL_API_KEY or pass --api-key`);
    try {
      apiKey = (await readFile(local.keyFile, 'utf8')).trim();
    } catch {
      throw new CliError(
        `no API key: pass --api-key, set RUNNEL_API_KEY, add a profile to ${configFile(env)}, or point --data-dir at the service's data dir (no ${local.keyFile}; is runnel serve running?)`,
      );
    }
  }
  return { url: (givenUrl || local.url).replace(/\/+$/, ''), apiKey, from };
}

/**
 * The service on this machine: the one holding the given data dir's lock; else the one that
 * announced the given URL (or `RUNNEL_PORT`), or the only one announced
 * (config/running-services.ts); else the default data dir on `RUNNEL_PORT` (4620). Several running and none named is an error that
 * lists them.
 */
async function localService(dataDir: string | undefined, url: string | undefined, env: NodeJS.ProcessEnv): Promise<{ url: string; keyFile: string | null }> {
  const port = `http://127.0.0.1:${env.RUNNEL_PORT || 4620}`;
  if (dataDir) {
    const dir = resolve(dataDir);
    return { url: (await lockHolder(dir))?.url ?? port, keyFile: join(dir, 'api-key') };
  }
  const running = await runningServices(servicesDir(env));
  // A URL (or RUNNEL_PORT) names one of them; without either, any will do.
  const wanted = url ?? (env.RUNNEL_PORT ? port : undefined);
  const pick = wanted ? running.filter((s) => sameUrl(s.url, wanted)) : running;
  if (pick.length === 1) return { url: pick[0].url, keyFile: pick[0].api_key_file };
  if (pick.length > 1) {
    const list = pick.map((s) => `${s.url} (data dir ${s.data_dir}, pid ${s.pid})`).join(', ');
    throw new CliError(`${pick.length} Runnel services are running: ${list}; choose one with --data-dir <dir> or --url <url>`);
  }
  return { url: port, keyFile: join(defaultDataDir(), 'api-key') };
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
