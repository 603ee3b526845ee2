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
  constructor(private readonly d: RegistryServiceDeps) {}

  list(): RegistryRecord[] {
    return this.d.registry.list();
  }

  lookup(key: string): RegistryRecord {
    return this.d.registry.lookup(key);
  }

  /** Publishes a component under its key (from its code, or the code at a URL). */
  async publish(body: { component_code?: string; component_url?: string }): Promise<RegistryRecord> {
    const code = body.component_code ?? (await fetchComponentCode(body.component_url!));
    const record = this.d.registry.lookup((await this.d.registry.publish(code)).key!);
    this.d.changed('registry');
    return record;
  }

  async unpublish(key: string): Promise<{ key: string; deleted: true; versions: string[] }> {
    const out = await this.d.registry.unpublish(key);
    this.d.changed('registry', key);
    return out;
  }

  packages(): ReturnType<PackageCache['state']> {
    return this.d.packages.state();
  }

  /** Re-resolves cached packages (one, or all); the names refreshed. */
  async refreshPackages(name?: string): Promise<string[]> {
    const refreshed = await this.d.packages.refresh(name);
    this.d.changed('packages');
    return refreshed;
  }
}
