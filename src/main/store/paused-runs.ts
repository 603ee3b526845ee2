import { join } from 'node:path';
import type { PausedRecord } from '../domain/flow';
import type { PausedRunStore } from '../engine/ports/paused-runs';
import type { Logger } from '../logger';
import { decodeChecked, encodeChecked } from './checked-json';
import { isDiskFull, nodeStoreFs, storageFullError, writeAll, type StoreFs } from './store-fs';

/**
 * Paused workflow runs, one checked JSON file each (`<dir>/<run id>.json`), written to a temp
 * file and renamed over the old one, so a record is always whole. A damaged file is moved
 * aside (`.corrupt-<ms>`) and said on the log: its run cannot go on.
 */
export class FilePausedRuns implements PausedRunStore {
  private readonly records = new Map<string, PausedRecord>();

  private constructor(
    private readonly dir: string,
    private readonly fs: StoreFs,
  ) {}

  static async open(dir: string, o: { fs?: StoreFs; logger: Logger; now(): number }): Promise<FilePausedRuns> {
    const fs = o.fs ?? nodeStoreFs;
    const store = new FilePausedRuns(dir, fs);
    await fs.mkdir(dir);
    for (const name of await fs.readdir(dir)) {
      const file = join(dir, name);
      if (name.endsWith('.tmp')) {
        await fs.rm(file);
        continue;
      }
      if (!name.endsWith('.json')) continue;
      try {
        const r = decodeChecked((await fs.readFile(file)).toString('utf8')) as PausedRecord;
        if (typeof r?.runId !== 'string' || `${r.runId}.json` !== name) throw new Error('not a paused run record');
        store.records.set(r.runId, r);
      } catch (err) {
        o.logger.warn(`paused run ${name} is damaged (${(err as Error).message}); moved aside, its run cannot go on`);
        await fs.rename(file, `${file}.corrupt-${o.now()}`).catch(() => undefined);
      }
    }
    return store;
  }

  all(): PausedRecord[] {
    return [...this.records.values()];
  }

  async put(record: PausedRecord): Promise<void> {
    const file = this.file(record.runId);
    const tmp = `${file}.tmp`;
    try {
      const h = await this.fs.open(tmp, 'w', 0o600);
      try {
        // A short write on a full disk reports success: writeAll writes the rest or throws.
        await writeAll(h, Buffer.from(encodeChecked(record)));
        await h.sync();
      } finally {
        await h.close();
      }
      await this.fs.rename(tmp, file);
    } catch (err) {
      await this.fs.rm(tmp).catch(() => undefined);
      throw isDiskFull(err) ? storageFullError('the paused run') : err;
    }
    this.records.set(record.runId, record);
  }

  async remove(runId: string): Promise<void> {
    await this.fs.rm(this.file(runId));
    this.records.delete(runId);
  }

  private file(runId: string): string {
    // Run ids are generated (r_ + base62), never user input; refuse anything else all the same.
    if (!/^[A-Za-z0-9_-]+$/.test(runId)) throw new Error(`not a run id: ${runId}`);
    return join(this.dir, `${runId}.json`);
  }
}
