// The record a clean shutdown leaves beside the journals: each journal's size, so that a file
// cut short or extended while the service was stopped is caught at the next open.
import { join } from 'node:path';
import type { Logger } from '../logger';
import { errorCode, writeAll, type StoreFs } from './store-fs';

/** The record's file name in the events directory. */
export const CLEAN_SHUTDOWN = 'clean-shutdown.json';

/** Reads and removes the record: from now on a crash may leave torn tails. */
export async function takeCleanShutdownSizes(fs: StoreFs, dir: string, logger: Logger): Promise<Record<string, number>> {
  const path = join(dir, CLEAN_SHUTDOWN);
  const sizes: Record<string, number> = {};
  try {
    const parsed = JSON.parse((await fs.readFile(path)).toString('utf8')) as { journals?: unknown };
    for (const [name, size] of Object.entries(parsed.journals ?? {})) if (typeof size === 'number') sizes[name] = size;
  } catch {
    logger.warn(`store: ${path} is unreadable; journal sizes are not checked this time`);
  }
  await fs.rm(path);
  return sizes;
}

/** Writes the record (atomically); a failure only means the next start checks less. */
export async function recordCleanShutdown(fs: StoreFs, dir: string, logger: Logger, sizes: Record<string, number>): Promise<void> {
  const path = join(dir, CLEAN_SHUTDOWN);
  try {
    await fs.mkdir(dir);
    const tmp = `${path}.${process.pid}.tmp`;
    const f = await fs.open(tmp, 'w', 0o600);
    try {
      await writeAll(f, Buffer.from(JSON.stringify({ journals: sizes })));
    } finally {
      await f.close();
    }
    await fs.rename(tmp, path);
  } catch (err) {
    // Without the record the next start checks less; it loses nothing.
    logger.warn(`store: could not record the journal sizes at shutdown (${errorCode(err) ?? String(err)})`);
  }
}
