import { join } from 'node:path';
import { JournalFile } from './journal-file';
import { errorCode, type StoreFs } from './store-fs';
import type { StoreHealth } from './store-health';

/** One record as kept on disk and in memory. Times are epoch ms. */
export interface StoredRecord {
  /** The value (plain JSON). */
  v: unknown;
  /** Created, updated, expires (null: never). */
  c: number;
  u: number;
  x: number | null;
  /** Write sequence number within the store: larger is newer (listings and cursors). */
  s: number;
  /** Bytes of key + value as JSON, counted against the store's size limit. */
  b: number;
}

export interface DataStoreMeta {
  id: string;
  name: string;
  /** Epoch ms. */
  created_at: number;
}

export interface DataStoreFileOptions {
  /** The journal is rewritten once it has grown past this and twice its last snapshot. */
  compactBytes: number;
  /** Whether a record is past its TTL now (the clock is the caller's). */
  isExpired(r: StoredRecord): boolean;
  warn(msg: string): void;
  /** The file-system seam shared with the other stores (tests put a full disk here). */
  fs: StoreFs;
  /** Where a full disk is reported; a failed write becomes `storage_full`. */
  health: StoreHealth;
}

/** A snapshot starts with a header; the records follow as puts. */
type Line =
  | { t: 'h'; meta: DataStoreMeta; seq: number; at: number }
  | { t: 'p'; k: string; r: StoredRecord }
  | { t: 'd'; k: string; at: number }
  | { t: 'c'; at: number };

/**
 * One data store on disk: a journal of JSON lines (journal-file.ts) replayed into a Map. Each
 * write is one appended line that has landed before the change is applied in memory and the
 * caller's promise resolves, so an acknowledged write survives a restart. The journal is
 * rewritten as a snapshot (header + live records) once it has grown, dropping expired records.
 * Callers run every operation through `exclusive`, which keeps them in arrival order.
 */
export class DataStoreFile {
  readonly records = new Map<string, StoredRecord>();
  seq = 0;
  /** The last write (epoch ms). */
  updatedAt: number;
  /** Bytes of every record (b), for the size limit. */
  bytes = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private snapshotBytes = 0;
  private dropped = false;

  private constructor(
    readonly meta: DataStoreMeta,
    private readonly journal: JournalFile,
    private readonly opts: DataStoreFileOptions,
  ) {
    this.updatedAt = meta.created_at;
  }

  /** Creates a new store file with its header. */
  static async create(dir: string, meta: DataStoreMeta, o: DataStoreFileOptions): Promise<DataStoreFile> {
    const f = new DataStoreFile(meta, new JournalFile(join(dir, `${meta.id}.jsonl`), o.fs), o);
    try {
      await f.journal.rewrite([{ t: 'h', meta, seq: 0, at: meta.created_at } satisfies Line]);
    } catch (err) {
      throw o.health.failed(err, `the new data store "${meta.name}"`);
    }
    o.health.wroteOk();
    f.snapshotBytes = f.journal.size;
    return f;
  }

  /** Every store found in `dir`, records past their TTL left out. */
  static async openAll(dir: string, o: DataStoreFileOptions): Promise<DataStoreFile[]> {
    let names: string[] = [];
    try {
      names = await o.fs.readdir(dir);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
    const out: DataStoreFile[] = [];
    for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
      const journal = new JournalFile(join(dir, name), o.fs);
      const { records, corruptLines } = await journal.load();
      if (corruptLines > 0) o.warn(`data store ${name}: ${corruptLines} corrupt line(s) skipped`);
      const head = records[0] as Line | undefined;
      if (!head || head.t !== 'h') {
        o.warn(`data store file ${name} has no header; skipped`);
        continue;
      }
      const f = new DataStoreFile(head.meta, journal, o);
      for (const line of records as Line[]) f.apply(line);
      f.forgetExpired();
      f.snapshotBytes = journal.size;
      out.push(f);
    }
    return out;
  }

  /** Runs `task` after every operation queued before it (reads too: they see writes in order). */
  exclusive<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  get isDropped(): boolean {
    return this.dropped;
  }

  async put(key: string, r: StoredRecord): Promise<void> {
    await this.write({ t: 'p', k: key, r });
  }

  async delete(key: string, at: number): Promise<void> {
    await this.write({ t: 'd', k: key, at });
  }

  async clear(at: number): Promise<void> {
    await this.write({ t: 'c', at });
  }

  /** Drops a record from memory only (it expired; the next snapshot leaves it out). */
  forget(key: string): void {
    const r = this.records.get(key);
    if (!r) return;
    this.bytes -= r.b;
    this.records.delete(key);
  }

  /** Drops every expired record from memory. */
  forgetExpired(): void {
    for (const [k, r] of this.records) if (this.opts.isExpired(r)) this.forget(k);
  }

  /** Removes the file; later operations find the store gone. Call inside `exclusive`. */
  async drop(): Promise<void> {
    this.dropped = true;
    await this.journal.close();
    await this.opts.fs.rm(this.journal.path);
  }

  async close(): Promise<void> {
    await this.queue;
    await this.journal.close();
  }

  /** Appends one line; a full disk fails it with `storage_full` and changes nothing. */
  private async write(line: Line): Promise<void> {
    try {
      await this.journal.append([line]);
    } catch (err) {
      throw this.opts.health.failed(err, `a change to the data store "${this.meta.name}"`);
    }
    this.opts.health.wroteOk();
    this.apply(line);
    if (this.journal.size >= Math.max(this.opts.compactBytes, 2 * this.snapshotBytes)) await this.compact();
  }

  /** Rewrites the journal as a snapshot; one that fails (a full disk) leaves it as it was. */
  private async compact(): Promise<void> {
    this.forgetExpired();
    const header: Line = { t: 'h', meta: this.meta, seq: this.seq, at: this.updatedAt };
    const puts: Line[] = [...this.records].map(([k, r]) => ({ t: 'p', k, r }));
    try {
      await this.journal.rewrite([header, ...puts]);
    } catch (err) {
      this.opts.health.failed(err, `the compaction of the data store "${this.meta.name}"`);
      this.opts.warn(`data store ${this.journal.path}: compaction failed (${errorCode(err) ?? String(err)}); the journal is unchanged`);
      return;
    }
    this.snapshotBytes = this.journal.size;
  }

  private apply(line: Line): void {
    switch (line.t) {
      case 'h':
        this.records.clear();
        this.bytes = 0;
        this.seq = Math.max(this.seq, line.seq);
        this.updatedAt = line.at;
        return;
      case 'p':
        this.forget(line.k);
        this.records.set(line.k, line.r);
        this.bytes += line.r.b;
        this.seq = Math.max(this.seq, line.r.s);
        this.updatedAt = Math.max(this.updatedAt, line.r.u);
        return;
      case 'd':
        this.forget(line.k);
        this.updatedAt = Math.max(this.updatedAt, line.at);
        return;
      case 'c':
        this.records.clear();
        this.bytes = 0;
        this.updatedAt = Math.max(this.updatedAt, line.at);
        return;
    }
  }
}
