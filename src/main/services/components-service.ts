import { RunnelError } from '../../shared/errors';
import type { PageInfo, SavedComponent } from '../../shared/resources';
import type { ComponentCatalog } from '../runtime/component-catalog';
import type { DocumentStore } from '../store/documents';
import { pageById } from './pagination';
import type { SourcesService } from './sources-service';

export interface ComponentsServiceDeps {
  docs: DocumentStore;
  catalog: ComponentCatalog;
  sources: SourcesService;
}

/** What a component update did to each source deployed from the old version. */
export type SourceMove = { id: string; updated: true } | { id: string; updated: false; error: { code: string; message: string } };

/** Use cases on saved components beyond save/lookup: the editor's list and edit-in-place. */
export class ComponentsService {
  constructor(private readonly d: ComponentsServiceDeps) {}

  /** Saved components (not workflow code steps), newest first. */
  list(q: { limit: number; before?: string; after?: string }): { data: SavedComponent[]; page_info: PageInfo } {
    const newestFirst = this.d.docs.data.components.filter((c) => !c.inline).reverse();
    const { page, page_info } = pageById(newestFirst, q);
    return { data: page.map((c) => this.d.catalog.view(c)), page_info };
  }

  /**
   * Saves new code for a component and moves every source deployed from it to the new version
   * in place (same ids, db and events; deactivate/activate run). A source whose hooks refuse
   * the new code keeps the old one and is reported, not rolled back with the others.
   */
  async update(id: string, code: string): Promise<{ component: SavedComponent; sources: SourceMove[] }> {
    const old = this.d.catalog.get(id);
    if (old.inline) throw new RunnelError('not_found', `No component with id "${id}"`);
    const next = await this.d.catalog.save(code);
    const moves: SourceMove[] = [];
    if (next.id !== old.id) {
      for (const s of this.d.docs.data.sources.filter((x) => x.component_id === old.id)) {
        try {
          await this.d.sources.update(s.id, { component_id: next.id });
          moves.push({ id: s.id, updated: true });
        } catch (err) {
          const e = err instanceof RunnelError ? err : new RunnelError('internal', (err as Error).message);
          moves.push({ id: s.id, updated: false, error: { code: e.code, message: e.message } });
        }
      }
    }
    return { component: this.d.catalog.view(next), sources: moves };
  }
}
