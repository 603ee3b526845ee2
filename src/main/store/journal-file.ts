import { basename, dirname } from 'node:path';
import { decodeChecked, encodeChecked } from './checked-json';
import { errorCode, nodeStoreFs, writeAll, type StoreFile, type StoreFs } from './store-fs';

export interface JournalLoadOptions {
  /** The file's size when it was last closed cleanly: any other size means it was truncated or extended since. */
  expectedSize?: number;
  /** Whether a parsed line is a record of this journal; a line refused here counts as damaged. */
  validate?: (record: unknown) => boolean;
  /** Epoch ms for the name of the copy kept of a damaged file. */
  now?: number;
}

/** A damaged journal found by `load`: the copy kept of it, and what was wrong. */
export interface JournalDamage {
  /** Path of the damaged file as found (`<path>.corrupt-<ms>`). */
  keptAs: string;
  corruptLines: number;
  /** 1-based number of the first damaged line, if any. */
  firstBadLine: number | null;
  /** Set when the size differs from `expectedSize`. */
  size: { expected: number; found: number } | null;
}

export interface JournalLoad {
  records: unknown[];
  corruptLines: number;
  /** Present when the file was damaged; it has then been set aside and rewritten with `records`. */
  damage?: JournalDamage;
}

/**
 * An append-only file of JSON lines, each with a checksum. Each append is one write of whole lines, so a crash
 * leaves at most a torn last line, which `load` drops (and cuts off). A failed append (a full
 * disk) is cut off at once, so a later append never lands behind half a line. `rewrite`
 * replaces the whole file atomically (temp file + fsync + rename), optionally keeping the
 * previous generation as `<path>.bak`. Callers serialise their own calls.
 */
export class JournalFile {
  private handle: StoreFile | undefined;
  private bytes = 0;
  /** A failed append may have left bytes after `bytes`; they are cut before the next append. */
  private tornAppend = false;

  constructor(
    readonly path: string,
    private readonly fs: StoreFs = nodeStoreFs,
  ) {}

  /** Size in bytes of the file as this journal wrote it. */
  get size(): number {
    return this.bytes;
  }

  get previousPath(): string {
    return `${this.path}.bak`;
  }

  /**
   * Reads every complete record. A torn final line (crash mid-write) is dropped and cut off.
   * Damage — a complete line that does not parse, match its checksum or validate, or a size other than
   * `expectedSize` — is never repaired in place: the file is first copied aside as
   * `<path>.corrupt-<ms>`, then rewritten with the intact records, and `damage` says so.
   */
  async load(opts: JournalLoadOptions = {}): Promise<JournalLoad> {
    let buf: Buffer;
    try {
      buf = await this.fs.readFile(this.path);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { records: [], corruptLines: 0 };
      throw err;
    }
    const records: unknown[] = [];
    let corruptLines = 0;
    let firstBadLine: number | null = null;
    let complete = 0;
    let lineNo = 0;
    for (;;) {
      const nl = buf.indexOf(10, complete);
      if (nl === -1) break; // torn tail: no newline, so it was never acknowledged
      const line = buf.toString('utf8', complete, nl);
      complete = nl + 1;
      lineNo++;
      if (line.length === 0) continue;
      let record: unknown;
      try {
        record = decodeChecked(line);
      } catch {
        record = undefined;
      }
      if (record !== undefined && (!opts.validate || opts.validate(record))) {
        records.push(record);
      } else {
        corruptLines++;
        firstBadLine ??= lineNo;
      }
    }
    const sizeWrong = opts.expectedSize !== undefined && opts.expectedSize !== buf.length;
    if (corruptLines === 0 && !sizeWrong) {
      if (complete < buf.length) await this.fs.truncate(this.path, complete);
      this.bytes = complete;
      return { records, corruptLines };
    }
    const keptAs = `${this.path}.corrupt-${opts.now ?? Date.now()}`;
    await this.fs.copyFile(this.path, keptAs);
    await this.rewrite(records);
    return {
      records,
      corruptLines,
      damage: { keptAs, corruptLines, firstBadLine, size: sizeWrong ? { expected: opts.expectedSize!, found: buf.length } : null },
    };
  }

  /** Appends records; resolves once the write has completed, rejects (leaving the file as it was) if it could not. */
  async append(records: readonly unknown[]): Promise<void> {
    if (records.length === 0) return;
    const data = Buffer.from(records.map(encodeChecked).join('\n') + '\n');
    const handle = await this.openHandle();
    if (this.tornAppend) await this.cutTornAppend(handle);
    try {
      await writeAll(handle, data);
    } catch (err) {
      this.tornAppend = true;
      await this.cutTornAppend(handle).catch(() => undefined);
      throw err;
    }
    this.bytes += data.length;
  }

  /** Replaces the file's content with `records`, atomically; `keepPrevious` keeps the replaced file as `.bak`. */
  async rewrite(records: readonly unknown[], opts: { keepPrevious?: boolean } = {}): Promise<void> {
    const data = Buffer.from(records.map(encodeChecked).join('\n') + (records.length ? '\n' : ''));
    await this.fs.mkdir(dirname(this.path));
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      const h = await this.fs.open(tmp, 'w', 0o600);
      try {
        await writeAll(h, data);
        await h.sync();
      } finally {
        await h.close();
      }
    } catch (err) {
      await this.fs.rm(tmp).catch(() => undefined);
      throw err;
    }
    await this.close();
    if (opts.keepPrevious) await this.keepPrevious();
    await this.fs.rename(tmp, this.path);
    this.bytes = data.length;
    this.tornAppend = false;
  }

  /** Removes the file and its previous generation (that first: a .bak alone is never taken for data). */
  async remove(): Promise<void> {
    await this.close();
    await this.fs.rm(this.previousPath);
    await this.fs.rm(this.path);
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = undefined;
    await h?.close();
  }

  get name(): string {
    return basename(this.path);
  }

  private async keepPrevious(): Promise<void> {
    // A hard link: the file being replaced lives on as .bak, and the journal itself is never missing.
    await this.fs.rm(this.previousPath);
    try {
      await this.fs.link(this.path, this.previousPath);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
  }

  private async cutTornAppend(handle: StoreFile): Promise<void> {
    await handle.truncate(this.bytes);
    this.tornAppend = false;
  }

  private async openHandle(): Promise<StoreFile> {
    if (!this.handle) {
      await this.fs.mkdir(dirname(this.path));
      this.handle = await this.fs.open(this.path, 'a', 0o600);
      // Appends go to the end, and a failed one is cut back to here: know where the end is.
      this.bytes = (await this.handle.stat()).size;
    }
    return this.handle;
  }
}
