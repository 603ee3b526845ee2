import { mkdir, open, readFile, rename, truncate, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * An append-only file of JSON lines. Each append is one `write` of whole lines, so a crash
 * leaves at most a torn last line, which `load` drops (and cuts off). `rewrite` replaces the
 * whole file atomically (temp file + rename). Callers serialise their own calls.
 */
export class JournalFile {
  private handle: FileHandle | undefined;
  private bytes = 0;

  constructor(readonly path: string) {}

  /** Size in bytes of what has been written since open or the last rewrite. */
  get size(): number {
    return this.bytes;
  }

  /** Reads every complete record. A torn final line (crash mid-write) is dropped and cut off. */
  async load(): Promise<{ records: unknown[]; corruptLines: number }> {
    let buf: Buffer;
    try {
      buf = await readFile(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], corruptLines: 0 };
      throw err;
    }
    const records: unknown[] = [];
    let corruptLines = 0;
    let goodBytes = 0;
    let offset = 0;
    for (;;) {
      const nl = buf.indexOf(10, offset);
      if (nl === -1) break; // torn tail: no newline, so it was never acknowledged
      const line = buf.toString('utf8', offset, nl);
      offset = nl + 1;
      if (line.length === 0) continue;
      try {
        records.push(JSON.parse(line));
        goodBytes = offset;
      } catch {
        corruptLines++;
      }
    }
    if (goodBytes < buf.length && corruptLines === 0) await truncate(this.path, goodBytes);
    this.bytes = corruptLines === 0 ? goodBytes : buf.length;
    return { records, corruptLines };
  }

  /** Appends records; resolves once the write has completed. */
  async append(records: readonly unknown[]): Promise<void> {
    if (records.length === 0) return;
    const text = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
    const handle = await this.openHandle();
    await handle.write(text);
    this.bytes += Buffer.byteLength(text);
  }

  /** Replaces the file's content with `records`, atomically. */
  async rewrite(records: readonly unknown[]): Promise<void> {
    const text = records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : '');
    await mkdir(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    const h = await open(tmp, 'w', 0o600);
    try {
      await h.write(text);
      await h.sync();
    } finally {
      await h.close();
    }
    await this.close();
    await rename(tmp, this.path);
    this.bytes = Buffer.byteLength(text);
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = undefined;
    await h?.close();
  }

  private async openHandle(): Promise<FileHandle> {
    if (!this.handle) {
      await mkdir(dirname(this.path), { recursive: true });
      this.handle = await open(this.path, 'a', 0o600);
    }
    return this.handle;
  }
}
