import { writeSync } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, truncate, type FileHandle } from 'node:fs/promises';
import { RunnelError } from '../../shared/errors';

/** An open file of the store: only what the store does with one. */
export interface StoreFile {
  write(data: Uint8Array): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  stat(): Promise<{ size: number }>;
  close(): Promise<void>;
}

/**
 * The few file-system calls the store makes, so a test can put a fault (a full disk) between
 * the store and the disk. The default is node:fs/promises; nothing else is ever used in
 * production.
 */
export interface StoreFs {
  readFile(path: string): Promise<Buffer>;
  /** 'a': append (created if missing); 'w': truncate or create. */
  open(path: string, flags: 'a' | 'w', mode?: number): Promise<StoreFile>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, newPath: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  truncate(path: string, length: number): Promise<void>;
  /** Removes a file; no error when it is missing. */
  rm(path: string): Promise<void>;
  /** Creates a directory and its parents. */
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
}

/**
 * An append-mode file whose writes are synchronous. A journal append is a few hundred bytes
 * into the page cache: `writeSync` does it in ~2 µs of CPU, where a promise write's thread-pool
 * round trip costs ~30 µs, which under load was a third of the main process's time.
 * Rewrites and document saves ('w') stay asynchronous: they can be large.
 */
function appendFile(h: FileHandle): StoreFile {
  return {
    write: async (data) => ({ bytesWritten: writeSync(h.fd, data) }),
    sync: () => h.sync(),
    truncate: (n) => h.truncate(n),
    stat: () => h.stat(),
    close: () => h.close(),
  };
}

export const nodeStoreFs: StoreFs = {
  readFile: (p) => readFile(p),
  open: async (p, flags, mode) => {
    const h = await open(p, flags, mode);
    return flags === 'a' ? appendFile(h) : h;
  },
  rename: (a, b) => rename(a, b),
  link: (a, b) => link(a, b),
  copyFile: (a, b) => copyFile(a, b),
  truncate: (p, n) => truncate(p, n),
  rm: (p) => rm(p, { force: true }),
  mkdir: async (p) => {
    await mkdir(p, { recursive: true });
  },
  readdir: (p) => readdir(p),
};

/**
 * Writes all of `data`. A full disk first shows as a short write (which Node reports as
 * success), then as ENOSPC on the next call: both must fail the write, never half-succeed.
 */
export async function writeAll(file: StoreFile, data: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data.subarray(offset));
    if (bytesWritten <= 0) throw Object.assign(new Error('ENOSPC: the write made no progress'), { code: 'ENOSPC' });
    offset += bytesWritten;
  }
}

export function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** ENOSPC (no space) and EDQUOT (quota): the disk cannot take more. */
export function isDiskFull(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** The error a REST client sees when a write could not be stored for lack of space. */
export function storageFullError(what: string): RunnelError {
  return new RunnelError(
    'storage_full',
    `The disk is full: Runnel could not save ${what}, and nothing of it was kept. Free some disk space and retry.`,
  );
}
