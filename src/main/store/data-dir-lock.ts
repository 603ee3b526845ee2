import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { link, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import type { Logger } from '../logger';
import { processFacts } from './process-start';

/** What the lock file holds: who holds the data dir, since when, and where it listens. */
export interface LockHolder {
  pid: number;
  /** ISO time the lock was taken. */
  started_at: string;
  /** The service URL once it listens; null while it starts. */
  url: string | null;
  hostname: string;
  /** Random per lock: tells this holder's file from a later one with the same pid. */
  token: string;
}

/** Another live service holds the data dir. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly holder: LockHolder,
    dataDir: string,
  ) {
    const where = holder.hostname && holder.hostname !== hostname() ? ` on ${holder.hostname}` : '';
    super(
      `another Runnel (pid ${holder.pid}${where}, started ${holder.started_at}, ${holder.url ?? 'still starting'}) is using ${dataDir}; stop it or choose another --data-dir`,
    );
  }
}

// Locks held by this process, by file: a lock file naming our own pid that we do not hold was
// left by an earlier process that had the same pid (a container restarted, say), so it is stale.
// This is process-wide by nature, as pids are.
const heldHere = new Set<string>();

const ATTEMPTS = 5;
/** How long an unreadable lock may be a starting service's, before its content is written. */
const UNREADABLE_GRACE_MS = 500;

/**
 * An exclusive claim on a data dir, so two services never write the same files (they would
 * silently lose each other's writes). The lock file is created with O_EXCL; a lock whose
 * process is gone (dead pid, or a pid reused by a process younger than the lock) is taken over.
 */
export class DataDirLock {
  private constructor(
    private readonly file: string,
    private holder: LockHolder,
  ) {}

  /** Takes the lock of `dataDir` or throws DataDirLockedError; writes nothing else. */
  static async acquire(o: { file: string; dataDir: string; logger: Logger }): Promise<DataDirLock> {
    // Wall time, not an injected clock: it is compared with the OS's process start times.
    const holder: LockHolder = { pid: process.pid, started_at: new Date().toISOString(), url: null, hostname: hostname(), token: randomBytes(12).toString('hex') };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await createExclusive(o.file, holder)) {
        heldHere.add(o.file);
        return new DataDirLock(o.file, holder);
      }
      const seen = await readLock(o.file);
      if (seen === undefined) continue; // released meanwhile: try again
      if (seen.holder && (await isHeld(o.file, seen.holder))) throw new DataDirLockedError(seen.holder, o.dataDir);
      const age = Date.now() - seen.mtimeMs;
      if (!seen.holder && age < UNREADABLE_GRACE_MS) {
        // Probably a service between creating the file and writing it: look again after the grace.
        await new Promise((r) => setTimeout(r, UNREADABLE_GRACE_MS - age + 10));
        continue;
      }
      if (await takeOver(o.file, seen.raw)) {
        o.logger.warn(
          seen.holder
            ? `took over the lock of ${o.dataDir}: pid ${seen.holder.pid} (started ${seen.holder.started_at}) is no longer running`
            : `took over the lock of ${o.dataDir}: its lock file was unreadable`,
        );
      }
    }
    throw new Error(`could not take the lock of ${o.dataDir} (${o.file}): other services keep starting on it`);
  }

  /** Records the URL the service listens on, for the message a second start prints. */
  async setUrl(url: string): Promise<void> {
    this.holder = { ...this.holder, url };
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.holder) + '\n', { mode: 0o600 });
    await rename(tmp, this.file);
  }

  /** Removes the lock file if it is still this holder's. */
  async release(): Promise<void> {
    heldHere.delete(this.file);
    const seen = await readLock(this.file);
    if (seen?.holder?.token === this.holder.token) await unlink(this.file).catch(() => undefined);
  }
}

async function createExclusive(file: string, holder: LockHolder): Promise<boolean> {
  let fh;
  try {
    fh = await open(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await fh.writeFile(JSON.stringify(holder) + '\n');
    await fh.sync();
  } finally {
    await fh.close();
  }
  return true;
}

async function readLock(file: string): Promise<{ raw: string; holder?: LockHolder; mtimeMs: number } | undefined> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const [raw, st] = [await fh.readFile('utf8'), await fh.stat()];
    return { raw, holder: parseHolder(raw), mtimeMs: st.mtimeMs };
  } finally {
    await fh.close();
  }
}

function parseHolder(raw: string): LockHolder | undefined {
  try {
    const v = JSON.parse(raw) as Partial<LockHolder>;
    if (!Number.isInteger(v.pid) || (v.pid as number) <= 0 || typeof v.started_at !== 'string') return undefined;
    return { pid: v.pid as number, started_at: v.started_at, url: typeof v.url === 'string' ? v.url : null, hostname: typeof v.hostname === 'string' ? v.hostname : '', token: String(v.token ?? '') };
  } catch {
    return undefined;
  }
}

/** Whether the holder's process still runs (a holder on another host is assumed to). */
async function isHeld(file: string, h: LockHolder): Promise<boolean> {
  if (h.hostname && h.hostname !== hostname()) return true;
  if (h.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // ESRCH: no such process. EPERM: it exists, run by another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // A zombie has exited; a pid reused by a process that started after the lock was taken is not
  // the holder. (Where /proc is missing, a live pid is taken to be the holder: the safe side.)
  const facts = await processFacts(h.pid);
  if (!facts) return true;
  const lockedAt = Date.parse(h.started_at);
  return !facts.zombie && (Number.isNaN(lockedAt) || facts.startedAt <= lockedAt + 2_000);
}

/**
 * Moves a stale lock aside and deletes it. If what was moved is no longer the stale lock that
 * was read (another service took it over first), it is put back and nothing is taken.
 */
async function takeOver(file: string, staleRaw: string): Promise<boolean> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  const moved = await readFile(aside, 'utf8').catch(() => staleRaw);
  if (moved !== staleRaw) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return moved === staleRaw;
}
