import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultDataDir } from '../config/paths';
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
 * then the local service: port from `RUNNEL_PORT` (4620) and the key file in the data dir.
 */
export async function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  const local = { url: `http://127.0.0.1:${env.RUNNEL_PORT || 4620}`, dataDir: flags.dataDir || env.RUNNEL_DATA_DIR || defaultDataDir() };
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
  const url = flags.url || env.RUNNEL_URL || profile?.url || local.url;
  let apiKey = flags.apiKey || env.RUNNEL_API_KEY || profile?.api_key;
  const from: Connection['from'] = flags.apiKey ? 'flags' : env.RUNNEL_API_KEY ? 'env' : profile?.api_key ? 'profile' : 'data-dir';
  if (!apiKey) {
    const file = join(local.dataDir, 'api-key');
    try {
      apiKey = (await readFile(file, 'utf8')).trim();
    } catch {
      throw new CliError(`no API key: pass --api-key, set RUNNEL_API_KEY, add a profile to ${configFile(env)}, or point --data-dir at the service's data dir (no ${file})`);
    }
  }
  return { url: url.replace(/\/+$/, ''), apiKey, from };
}
