import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogLine } from '../../shared/resources';
import { JournalFile } from './journal-file';

interface LogBuffer {
  lines: LogLine[];
  journal: JournalFile;
  queue: Promise<unknown>;
  appended: number;
}

/** The last N console lines of each source, kept in memory and in a small file per source. */
export class LogStore {
  private readonly buffers = new Map<string, LogBuffer>();

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
      b.lines = (records as LogLine[]).slice(-this.retention);
    }
  }

  private buffer(id: string): LogBuffer {
    let b = this.buffers.get(id);
    if (!b) {
      b = { lines: [], journal: new JournalFile(join(this.dir, `${id}.jsonl`)), queue: Promise.resolve(), appended: 0 };
      this.buffers.set(id, b);
    }
    return b;
  }

  /** Adds a line at once (readers see it immediately); the file follows in the background. */
  append(id: string, line: LogLine): void {
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

  list(id: string): LogLine[] {
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
