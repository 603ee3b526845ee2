import type { PackageCache } from '../runtime/packages/package-cache';
import type { Registry, RegistryRecord } from '../runtime/registry';
import type { PublishChange } from './change-feed';
import { fetchComponentCode } from './component-url';

export interface RegistryServiceDeps {
  registry: Registry;
  packages: PackageCache;
  changed: PublishChange;
}

/** The component registry (built-in and published components by key) and the npm package cache. */
export class RegistryService {
  constructor(private readonly deps: RegistryServiceDeps) {}

  list(): RegistryRecord[] {
    return this.deps.registry.list();
  }

  lookup(key: string): RegistryRecord {
    return this.deps.registry.lookup(key);
  }

  /** Publishes a component under its key (from its code, or the code at a URL). */
  async publish(body: { component_code?: string; component_url?: string }): Promise<RegistryRecord> {
    const code = body.component_code ?? (await fetchComponentCode(body.component_url!));
    const record = this.deps.registry.lookup((await this.deps.registry.publish(code)).key!);
    this.deps.changed('registry');
    return record;
  }

  async unpublish(key: string): Promise<{ key: string; deleted: true; versions: string[] }> {
    const out = await this.deps.registry.unpublish(key);
    this.deps.changed('registry', key);
    return out;
  }

  packages(): ReturnType<PackageCache['state']> {
    return this.deps.packages.state();
  }

  /** Re-resolves cached packages (one, or all); the names refreshed. */
  async refreshPackages(name?: string): Promise<string[]> {
    const refreshed = await this.deps.packages.refresh(name);
    this.deps.changed('packages');
    return refreshed;
  }
}
