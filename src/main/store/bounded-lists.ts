import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JournalFile } from './journal-file';

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

  constructor(
    private readonly dir: string,
    private readonly retention: number,
  ) {}

  async openAll(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const b = this.buffer(name.slice(0, -'.jsonl'.length));
      const { records } = await b.journal.load();
      b.lines = (records as T[]).slice(-this.retention);
    }
  }

  private buffer(id: string): Buffer_<T> {
    let b = this.buffers.get(id);
    if (!b) {
      b = { lines: [], journal: new JournalFile(join(this.dir, `${id}.jsonl`)), queue: Promise.resolve(), appended: 0 };
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
    await b.journal.close();
    await rm(b.journal.path, { force: true });
  }

  async close(): Promise<void> {
    for (const b of this.buffers.values()) {
      await b.queue;
      await b.journal.close();
    }
  }
}
