import { basename, dirname } from 'node:path';
import { ChecksumMismatch, decodeChecked, withChecksum } from './checked-json';
import { errorCode, writeAll, type StoreFs } from './store-fs';
import type { StoreHealth } from './store-health';

type ReadResult = { kind: 'ok'; data: unknown } | { kind: 'missing' } | { kind: 'damaged'; why: string };

/**
 * One JSON document on disk (runnel.json), with a checksum (checked-json.ts) so that damage
 * that leaves valid JSON is caught too. A save writes a temp file and renames it over the
 * old one, so a kill never leaves half a file; the file it replaces stays as `<path>.bak`
 * (a hard link, so the document itself is never missing). Opening recovers a damaged or
 * missing document from that previous save, keeps the damaged one aside and reports it;
 * with no good copy left it refuses to open rather than start empty.
 */
export class DocumentFile {
  constructor(
    readonly path: string,
    private readonly fs: StoreFs,
    private readonly health: StoreHealth,
    private readonly now: () => number,
  ) {}

  get previousPath(): string {
    return `${this.path}.bak`;
  }

  /** The stored document, `undefined` on a first start; `valid` says whether parsed JSON has the document's shape. */
  async read(valid: (data: unknown) => boolean): Promise<unknown> {
    const current = await this.tryRead(this.path, valid);
    if (current.kind === 'ok') return current.data;
    const previous = await this.tryRead(this.previousPath, valid);
    if (current.kind === 'missing' && previous.kind === 'missing') return undefined;
    if (previous.kind !== 'ok') {
      const why = current.kind === 'missing' ? 'missing' : current.why;
      const prev = previous.kind === 'missing' ? 'missing' : previous.why;
      throw new Error(
        `${this.path} is ${why}, and its previous save (${basename(this.previousPath)}) is ${prev}. ` +
          'Runnel will not start with an empty store in its place: repair the file, or move it away to start afresh.',
      );
    }
    let kept = '';
    if (current.kind === 'damaged') {
      kept = `${this.path}.corrupt-${this.now()}`;
      await this.fs.copyFile(this.path, kept);
    }
    // Written back without replacing the .bak: that is the good copy.
    await this.write(JSON.stringify(previous.data), { keepPrevious: false });
    this.health.warn(
      this.path,
      current.kind === 'missing' ? 'the file is missing while its previous save exists' : `the file is ${current.why}`,
      `${kept ? `kept the damaged file as ${basename(kept)}; ` : ''}restored the previous save (${basename(this.previousPath)}): the last change before it was lost`,
    );
    return previous.data;
  }

  /**
   * Saves `text` (the document's JSON) atomically, with a checksum; the replaced file becomes
   * `.bak` unless `keepPrevious` is false.
   */
  async write(text: string, opts: { keepPrevious?: boolean } = {}): Promise<void> {
    await this.fs.mkdir(dirname(this.path));
    const tmp = `${this.path}.tmp`;
    try {
      const f = await this.fs.open(tmp, 'w', 0o600);
      try {
        await writeAll(f, Buffer.from(withChecksum(text)));
      } finally {
        await f.close();
      }
    } catch (err) {
      await this.fs.rm(tmp).catch(() => undefined);
      throw err;
    }
    if (opts.keepPrevious !== false) {
      await this.fs.rm(this.previousPath);
      try {
        await this.fs.link(this.path, this.previousPath);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
    }
    await this.fs.rename(tmp, this.path);
  }

  private async tryRead(path: string, valid: (data: unknown) => boolean): Promise<ReadResult> {
    let buf: Buffer;
    try {
      buf = await this.fs.readFile(path);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { kind: 'missing' };
      throw err;
    }
    if (buf.length === 0) return { kind: 'damaged', why: 'empty' };
    let data: unknown;
    try {
      data = decodeChecked(buf.toString('utf8'));
    } catch (err) {
      if (err instanceof ChecksumMismatch) return { kind: 'damaged', why: `changed on disk (its checksum does not match; ${buf.length} bytes)` };
      return { kind: 'damaged', why: `not valid JSON (${(err as Error).message}; ${buf.length} bytes)` };
    }
    return valid(data) ? { kind: 'ok', data } : { kind: 'damaged', why: 'not a Runnel document (valid JSON of the wrong shape)' };
  }
}
