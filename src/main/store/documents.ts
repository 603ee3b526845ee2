import { Low, type Adapter } from 'lowdb';
import { silentLogger } from '../logger';
import { systemClock } from '../scheduler/clock';
import type { ComponentDoc, Documents, SourceDoc, WorkflowDoc } from './document-types';
import { emptyDocuments, isDocuments, migrate } from './document-types';
import { DocumentFile } from './document-file';
import { nodeStoreFs, type StoreFs } from './store-fs';
import { StoreHealth } from './store-health';

/** lowdb's adapter over the document file: atomic saves, the previous save kept, damage recovered. */
class DocumentFileAdapter implements Adapter<Documents> {
  constructor(private readonly file: DocumentFile) {}

  async read(): Promise<Documents | null> {
    const stored = await this.file.read(isDocuments);
    return stored === undefined ? null : migrate(stored as Partial<Documents>);
  }

  write(data: Documents): Promise<void> {
    return this.file.write(JSON.stringify(data));
  }
}

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * The small, slowly changing documents (components, sources, settings) in one JSON file, kept
 * by lowdb through an adapter over document-file.ts (atomic saves, previous save kept, damage
 * recovered and reported).
 * Unbounded data (events, logs) never goes here; see event-store.ts.
 *
 * A change applies in memory at once and resolves once it is on disk. Changes made while a
 * save is under way share the next save. A save that fails undoes every change not yet on
 * disk, and each of them fails: what readers see never runs ahead of the file for long, and a
 * change reported as failed never turns up later.
 */
export class DocumentStore {
  private waiting: Waiter[] = [];
  private saving = false;
  private saved$: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Low<Documents>,
    private saved: string,
    private readonly health: StoreHealth,
  ) {}

  private get docs(): Documents {
    return this.db.data;
  }

  /** Opens the file; the service passes its shared health, clock and file-system seam (defaults: none reported, system time, node:fs). */
  static async open(path: string, opts: { health?: StoreHealth; now?: () => number; fs?: StoreFs } = {}): Promise<DocumentStore> {
    const now = opts.now ?? systemClock.now;
    const health = opts.health ?? new StoreHealth(silentLogger, { now });
    const db = new Low<Documents>(new DocumentFileAdapter(new DocumentFile(path, opts.fs ?? nodeStoreFs, health, now)), emptyDocuments());
    await db.read();
    db.data = migrate(db.data);
    return new DocumentStore(db, JSON.stringify(db.data), health);
  }

  get data(): Readonly<Documents> {
    return this.docs;
  }

  /** Applies a change and writes the file; resolves once the write has completed. */
  update(change: (d: Documents) => void): Promise<void> {
    change(this.docs);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.saving) this.saved$ = this.saveWaiting();
    });
  }

  /** Resolves once no save is under way: the stop waits for the last change to reach the file. */
  async flushed(): Promise<void> {
    while (this.saving) await this.saved$;
  }

  private async saveWaiting(): Promise<void> {
    this.saving = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0);
      const text = JSON.stringify(this.docs);
      try {
        await this.db.write();
      } catch (err) {
        // Undo every change that is not on disk: this group's and those made during the save.
        this.db.data = JSON.parse(this.saved) as Documents;
        const reported = this.health.failed(err, 'this change');
        for (const w of [...group, ...this.waiting.splice(0)]) w.reject(reported);
        continue;
      }
      this.saved = text;
      this.health.wroteOk();
      for (const w of group) w.resolve();
    }
    this.saving = false;
  }

  component(id: string): ComponentDoc | undefined {
    return this.docs.components.find((c) => c.id === id);
  }

  componentByKey(key: string): ComponentDoc | undefined {
    // The newest saved version of a key wins.
    return this.docs.components.findLast((c) => c.key === key && !c.inline);
  }

  workflow(id: string): WorkflowDoc | undefined {
    return this.docs.workflows.find((w) => w.id === id);
  }

  source(id: string): SourceDoc | undefined {
    return this.docs.sources.find((s) => s.id === id);
  }
}
