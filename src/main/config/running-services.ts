// Running services announce themselves in a per-user folder, one small file each, so that the
// CLI on the same machine finds the service started with `--port 4711 --data-dir X` without
// being told. The data dir's lock file (store/data-dir-lock.ts) is the proof that an
// announcement is still true: a file whose service no longer holds that lock is stale.
import { homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { mkdir, open, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import envPaths from 'env-paths';
import { pathsFor } from './paths';

/** What one running service says about itself. */
export interface ServiceAnnouncement {
  pid: number;
  url: string;
  data_dir: string;
  /** Where its API key is; null when the key came from RUNNEL_API_KEY (no file to read). */
  api_key_file: string | null;
  started_at: string;
}

/** Announcements and lock files are tiny; anything bigger is not ours and is not read. */
const MAX_FILE_BYTES = 16 * 1024;
/** More running services than this on one machine is not a case worth reading them all for. */
const MAX_FILES = 64;

/**
 * The folder of announcements: `RUNNEL_STATE_DIR/services`, else the per-user state folder
 * (`$XDG_STATE_HOME/runnel/services`, `~/.local/state/runnel/services`; on macOS and Windows the
 * per-user temp folder's `runnel/services`).
 */
export function servicesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RUNNEL_STATE_DIR) return join(env.RUNNEL_STATE_DIR, 'services');
  if (process.platform === 'darwin' || process.platform === 'win32') return join(envPaths('runnel', { suffix: '' }).temp, 'services');
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'runnel', 'services');
}

/** Writes this process's announcement; `remove()` takes it back (on a clean stop). */
export async function announce(dir: string, note: ServiceAnnouncement): Promise<{ remove(): Promise<void> }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${note.pid}.json`);
  const tmp = `${file}.tmp`;
  // Absolute paths: the CLI reading this runs in another folder than `serve --data-dir ./x` did.
  const absolute = { ...note, data_dir: resolve(note.data_dir), api_key_file: note.api_key_file === null ? null : resolve(note.api_key_file) };
  await writeFile(tmp, JSON.stringify(absolute) + '\n', { mode: 0o600 });
  await rename(tmp, file);
  return { remove: () => unlink(file).catch(() => undefined) };
}

/** The announced services that still run (their pid is alive and still holds their data dir's lock). */
export async function runningServices(dir: string): Promise<ServiceAnnouncement[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /^\d+\.json$/.test(n)).slice(0, MAX_FILES);
  } catch {
    return [];
  }
  const found: ServiceAnnouncement[] = [];
  for (const name of names) {
    const note = parseAnnouncement(await readSmall(join(dir, name)));
    if (note && (await lockHolder(note.data_dir))?.pid === note.pid) found.push(note);
  }
  return found.sort((a, b) => a.started_at.localeCompare(b.started_at));
}

/** The live service holding `dataDir`'s lock (pid and URL once it listens), if any. */
export async function lockHolder(dataDir: string): Promise<{ pid: number; url: string | null } | undefined> {
  const raw = await readSmall(pathsFor(dataDir).lockFile);
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as { pid?: unknown; url?: unknown; hostname?: unknown };
    if (!Number.isInteger(v.pid) || (v.pid as number) <= 0) return undefined;
    // A lock taken on another machine (a shared folder) says nothing about services here.
    if (typeof v.hostname === 'string' && v.hostname !== '' && v.hostname !== hostname()) return undefined;
    if (!alive(v.pid as number)) return undefined;
    return { pid: v.pid as number, url: typeof v.url === 'string' ? v.url : null };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseAnnouncement(raw: string | undefined): ServiceAnnouncement | undefined {
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<ServiceAnnouncement>;
    if (!Number.isInteger(v.pid) || typeof v.url !== 'string' || typeof v.data_dir !== 'string') return undefined;
    return {
      pid: v.pid as number,
      url: v.url,
      data_dir: v.data_dir,
      api_key_file: typeof v.api_key_file === 'string' ? v.api_key_file : null,
      started_at: typeof v.started_at === 'string' ? v.started_at : '',
    };
  } catch {
    return undefined;
  }
}

async function readSmall(file: string): Promise<string | undefined> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    if ((await fh.stat()).size > MAX_FILE_BYTES) return undefined;
    return await fh.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await fh.close();
  }
}
