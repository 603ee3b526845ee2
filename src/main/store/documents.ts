import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { ComponentDoc, Documents, SourceDoc, WorkflowDoc } from './document-types';
import { emptyDocuments, migrate } from './document-types';

/**
 * The small, slowly changing documents (components, sources, settings) in one lowdb file.
 * lowdb writes through steno: temp file + rename, so a kill never leaves half a file.
 * Unbounded data (events, logs) never goes here; see event-store.ts.
 */
export class DocumentStore {
  private constructor(private readonly low: Low<Documents>) {}

  static async open(path: string): Promise<DocumentStore> {
    const low = new Low<Documents>(new JSONFile<Documents>(path), emptyDocuments());
    await low.read();
    low.data = migrate(low.data ?? emptyDocuments());
    return new DocumentStore(low);
  }

  get data(): Readonly<Documents> {
    return this.low.data;
  }

  /** Applies a change and writes the file; resolves once the write has completed. */
  async update(change: (d: Documents) => void): Promise<void> {
    change(this.low.data);
    await this.low.write();
  }

  component(id: string): ComponentDoc | undefined {
    return this.low.data.components.find((c) => c.id === id);
  }

  componentByKey(key: string): ComponentDoc | undefined {
    // The newest saved version of a key wins.
    return this.low.data.components.findLast((c) => c.key === key && !c.inline);
  }

  workflow(id: string): WorkflowDoc | undefined {
    return this.low.data.workflows.find((w) => w.id === id);
  }

  source(id: string): SourceDoc | undefined {
    return this.low.data.sources.find((s) => s.id === id);
  }
}
