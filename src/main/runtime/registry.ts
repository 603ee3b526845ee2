import type { RegistryEntry } from '../../shared/resources';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnelError } from '../../shared/errors';
import type { Logger } from '../logger';
import type { ComponentDoc } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { ComponentCatalog } from './component-catalog';
import { configurableProps } from '../engine/props/props';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const KEY = /^[a-z0-9_]+(-[a-z0-9]+)+$/;

/** The registry record of a component (spec 2.2). */
export type RegistryRecord = RegistryEntry;

/**
 * The local component registry: components shipped with Runnel (resources/registry) and
 * components published to it, looked up by key. Registry keys follow
 * `app_name_slug-slugified-component-name` and versions are semantic.
 */
export class Registry {
  constructor(
    private readonly catalog: ComponentCatalog,
    private readonly docs: DocumentStore,
    private readonly logger: Logger,
  ) {}

  /** Saves (or finds) every built-in component; a broken file is logged, not fatal. */
  async loadBuiltIns(dir: string | undefined): Promise<void> {
    if (!dir) return;
    let files: string[] = [];
    try {
      files = (await readdir(dir)).filter((f) => /\.(mjs|js|ts)$/.test(f)).sort();
    } catch {
      return;
    }
    for (const f of files) {
      try {
        await this.catalog.saveToRegistry(await readFile(join(dir, f), 'utf8'), 'builtin', checkRegistryFields);
      } catch (err) {
        this.logger.error(`built-in component ${f} could not be loaded`, err);
      }
    }
  }

  publish(code: string): Promise<ComponentDoc> {
    return this.catalog.saveToRegistry(code, 'published', checkRegistryFields);
  }

  /**
   * Removes every version published under `key`. Built-ins stay, and so does a key that a
   * source or workflow still runs (both refused with `conflict`, naming the users).
   */
  async unpublish(key: string): Promise<{ key: string; deleted: true; versions: string[] }> {
    const versions = this.docs.data.components.filter((c) => c.registry && c.key === key);
    if (versions.length === 0) throw new RunnelError('not_found', `No registry component with key "${key}"`);
    if (versions.some((c) => c.registry === 'builtin')) throw new RunnelError('conflict', `${key} ships with Runnel and cannot be unpublished`);
    const ids = new Set(versions.map((c) => c.id));
    const users = [
      ...this.docs.data.sources.filter((s) => ids.has(s.component_id)).map((s) => `source ${s.name} (${s.id})`),
      ...this.docs.data.workflows.filter((w) => w.steps.some((st) => ids.has(st.component_id))).map((w) => `workflow ${w.name} (${w.id})`),
    ];
    if (users.length > 0) {
      throw new RunnelError('conflict', `${key} is used by ${users.join(', ')}; delete them or move them to another component first`, { used_by: users });
    }
    await this.docs.update((d) => {
      d.components = d.components.filter((c) => !ids.has(c.id));
    });
    return { key, deleted: true, versions: versions.map((c) => c.version) };
  }

  list(): RegistryRecord[] {
    const newest = new Map<string, ComponentDoc>();
    for (const c of this.docs.data.components) if (c.registry && c.key) newest.set(c.key, c);
    return [...newest.values()].map((c) => this.record(c));
  }

  lookup(key: string): RegistryRecord {
    const doc = this.docs.data.components.findLast((c) => c.registry && c.key === key);
    if (!doc) throw new RunnelError('not_found', `No registry component with key "${key}"`);
    return this.record(doc);
  }

  private record(c: ComponentDoc): RegistryRecord {
    return {
      key: c.key!,
      name: c.name,
      version: c.version,
      description: c.description,
      type: c.type,
      component_id: c.id,
      builtin: c.registry === 'builtin',
      configurable_props: configurableProps(c.props),
    };
  }
}

/** Registry rules: a key such as `github-new-issue` (prefixed by the app's slug), a semantic version. */
export function checkRegistryFields(doc: Pick<ComponentDoc, 'key' | 'version' | 'props'>): void {
  if (!doc.key || !KEY.test(doc.key)) {
    throw new RunnelError('invalid_component', `A registry component needs a key such as "app_slug-component-name" (lower case, dashes); got ${JSON.stringify(doc.key)}`);
  }
  const app = doc.props.find((p) => p.type === 'app')?.app;
  if (app && !doc.key.startsWith(`${app}-`)) {
    throw new RunnelError('invalid_component', `The key of a component using the ${app} app must start with "${app}-"; got "${doc.key}"`);
  }
  if (!SEMVER.test(doc.version)) {
    throw new RunnelError('invalid_component', `A registry component needs a semantic version such as "0.1.0"; got "${doc.version}"`);
  }
}
