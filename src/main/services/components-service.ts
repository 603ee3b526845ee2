import { RunnelError } from '../../shared/errors';
import type { PageInfo, SavedComponent } from '../../shared/resources';
import { codeOf, type ComponentCatalog } from '../runtime/component-catalog';
import type { CreateComponentBody } from '../../shared/api';
import type { ComponentConfig } from '../runtime/component-config';
import type { DocumentStore } from '../store/documents';
import { pageById } from './pagination';
import type { SourcesService } from './sources-service';
import type { PublishChange } from './change-feed';
import { fetchComponentCode } from './component-url';

export interface ComponentsServiceDeps {
  docs: DocumentStore;
  catalog: ComponentCatalog;
  config: ComponentConfig;
  sources: SourcesService;
  changed: PublishChange;
}

/** What a component update did to each source deployed from the old version. */
export type SourceMove = { id: string; updated: true } | { id: string; updated: false; error: { code: string; message: string } };

/** Use cases on saved components: save, look up, remove, load props, and the editor's edit-in-place. */
export class ComponentsService {
  constructor(private readonly deps: ComponentsServiceDeps) {}

  /** Saved components (not workflow code steps), newest first. */
  list(q: { limit: number; before?: string; after?: string }): { data: SavedComponent[]; page_info: PageInfo } {
    const newestFirst = this.deps.docs.data.components.filter((c) => !c.inline).reverse();
    const { page, page_info } = pageById(newestFirst, q);
    return { data: page.map((c) => this.deps.catalog.view(c)), page_info };
  }

  /** Saves a component from its code, or from the code at a URL. */
  async save(body: CreateComponentBody): Promise<SavedComponent> {
    const code = body.component_code !== undefined ? codeOf(body.component_code, body) : await fetchComponentCode(body.component_url!);
    const doc = await this.deps.catalog.save(code);
    this.deps.changed('components');
    return this.deps.catalog.view(doc);
  }

  get(idOrKey: string): SavedComponent {
    return this.deps.catalog.view(this.deps.catalog.get(idOrKey));
  }

  async remove(id: string): Promise<void> {
    await this.deps.catalog.remove(id);
    this.deps.changed('components', id);
  }

  /** The component's props as configured so far (dynamic props resolved). */
  reloadProps(idOrKey: string, configured: Record<string, unknown>) {
    return this.deps.config.reload(this.deps.catalog.get(idOrKey), configured);
  }

  /** The options of one prop, as the component's `options()` lists them. */
  propOptions(idOrKey: string, prop: string, q: Parameters<ComponentConfig['options']>[2]) {
    return this.deps.config.options(this.deps.catalog.get(idOrKey), prop, q);
  }

  /**
   * Saves new code for a component and moves every source deployed from it to the new version
   * in place (same ids, db and events; deactivate/activate run). A source whose hooks refuse
   * the new code keeps the old one and is reported, not rolled back with the others.
   */
  async update(id: string, code: string): Promise<{ component: SavedComponent; sources: SourceMove[] }> {
    const old = this.deps.catalog.get(id);
    if (old.inline) throw new RunnelError('not_found', `No component with id "${id}"`);
    // The edited text is compiled itself (no bundle), under the file name it was deployed from.
    const next = await this.deps.catalog.save(codeOf(code, { component_filename: old.filename }));
    const moves: SourceMove[] = [];
    if (next.id !== old.id) {
      for (const s of this.deps.docs.data.sources.filter((x) => x.component_id === old.id)) {
        try {
          await this.deps.sources.update(s.id, { component_id: next.id });
          moves.push({ id: s.id, updated: true });
        } catch (err) {
          const e = err instanceof RunnelError ? err : new RunnelError('internal', (err as Error).message);
          moves.push({ id: s.id, updated: false, error: { code: e.code, message: e.message } });
        }
      }
    }
    this.deps.changed('components', id);
    return { component: this.deps.catalog.view(next), sources: moves };
  }
}
