import { basename, join } from 'node:path';
import { JournalFile } from './journal-file';
import { errorCode, nodeStoreFs, type StoreFs } from './store-fs';
import type { StoreHealth } from './store-health';

interface Buffer_<T> {
  lines: T[];
  journal: JournalFile;
  queue: Promise<unknown>;
  appended: number;
}

/**
 * The last N records of each key (a source's log lines, a workflow's runs), kept in memory and
 * in a small journal file per key that is rewritten every N appends, so it stays small.
 */
export class BoundedLists<T> {
  private readonly buffers = new Map<string, Buffer_<T>>();

  private readonly fs: StoreFs;

  constructor(
    private readonly dir: string,
    private readonly retention: number,
    private readonly opts: { fs?: StoreFs; health?: StoreHealth } = {},
  ) {
    this.fs = opts.fs ?? nodeStoreFs;
  }

  async openAll(): Promise<void> {
    let names: string[] = [];
    try {
      names = await this.fs.readdir(this.dir);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const b = this.buffer(name.slice(0, -'.jsonl'.length));
      const { records, damage } = await b.journal.load();
      b.lines = (records as T[]).slice(-this.retention);
      if (damage) {
        this.opts.health?.warn(
          b.journal.path,
          `${damage.corruptLines} damaged line(s), the first at line ${damage.firstBadLine}`,
          `kept the damaged file as ${basename(damage.keptAs)}; kept the ${records.length} intact line(s)`,
        );
      }
    }
  }

  private buffer(id: string): Buffer_<T> {
    let b = this.buffers.get(id);
    if (!b) {
      b = { lines: [], journal: new JournalFile(join(this.dir, `${id}.jsonl`), this.fs), queue: Promise.resolve(), appended: 0 };
      this.buffers.set(id, b);
    }
    return b;
  }

  /** Adds a line at once (readers see it immediately); the file follows in the background. */
  append(id: string, line: T): void {
    const b = this.buffer(id);
    b.lines.push(line);
    if (b.lines.length > this.retention) b.lines.splice(0, b.lines.length - this.retention);
    b.appended++;
    // Every `retention` lines the file is rewritten with exactly what is kept, so it stays small.
    const snapshot = b.appended > this.retention ? [...b.lines] : undefined;
    if (snapshot) b.appended = 0;
    const write = () => (snapshot ? b.journal.rewrite(snapshot) : b.journal.append([line]));
    b.queue = b.queue.then(write).catch(() => undefined);
  }

  list(id: string): T[] {
    return [...(this.buffers.get(id)?.lines ?? [])];
  }

  async drop(id: string): Promise<void> {
    const b = this.buffers.get(id);
    if (!b) return;
    this.buffers.delete(id);
    await b.queue;
    await b.journal.remove();
  }

  async close(): Promise<void> {
    for (const b of this.buffers.values()) {
      await b.queue;
      await b.journal.close();
    }
  }
}
