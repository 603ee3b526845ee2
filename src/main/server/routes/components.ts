import { Hono } from 'hono';
import { createComponentBody, listQuery, propOptionsBody, refreshPackagesBody, reloadPropsBody, updateComponentBody } from '../../../shared/api';
import type { PackageCache } from '../../runtime/packages/package-cache';
import type { ComponentConfig } from '../../runtime/component-config';
import type { Registry } from '../../runtime/registry';
import type { ComponentCatalog } from '../../runtime/component-catalog';
import type { ComponentsService } from '../../services/components-service';
import { fetchComponentCode } from '../../services/component-url';
import { jsonBody, query } from '../json-body';

export function componentRoutes(
  catalog: ComponentCatalog,
  config: ComponentConfig,
  registry: Registry,
  packages: PackageCache,
  components: ComponentsService,
): Hono {
  const r = new Hono();
  r.get('/users/me/components', (c) => c.json(components.list(query(c, listQuery))));
  r.get('/packages', async (c) => c.json({ data: await packages.state() }));
  r.post('/packages/refresh', async (c) => {
    const body = await jsonBody(c, refreshPackagesBody);
    return c.json({ data: { refreshed: await packages.refresh(body.name) } });
  });
  // Before /components/:idOrKey, which would take "registry" for an id.
  r.get('/components/registry', (c) => c.json({ data: registry.list() }));
  r.get('/components/registry/:key', (c) => c.json({ data: registry.lookup(c.req.param('key')) }));
  r.post('/components/registry', async (c) => {
    const body = await jsonBody(c, createComponentBody);
    const code = body.component_code ?? (await fetchComponentCode(body.component_url!));
    return c.json({ data: registry.lookup((await registry.publish(code)).key!) });
  });
  r.delete('/components/registry/:key', async (c) => c.json({ data: await registry.unpublish(c.req.param('key')) }));
  r.delete('/components/:id', async (c) => {
    await catalog.remove(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.post('/components', async (c) => {
    const body = await jsonBody(c, createComponentBody);
    const code = body.component_code ?? (await fetchComponentCode(body.component_url!));
    return c.json({ data: catalog.view(await catalog.save(code)) });
  });
  r.put('/components/:id', async (c) => {
    const body = await jsonBody(c, updateComponentBody);
    return c.json({ data: await components.update(c.req.param('id'), body.component_code) });
  });
  r.get('/components/:idOrKey', (c) => c.json({ data: catalog.view(catalog.get(c.req.param('idOrKey'))) }));
  r.post('/components/:idOrKey/props/reload', async (c) => {
    const body = await jsonBody(c, reloadPropsBody);
    return c.json({ data: { configurable_props: await config.reload(catalog.get(c.req.param('idOrKey')), body.configured_props ?? {}) } });
  });
  r.post('/components/:idOrKey/props/:prop/options', async (c) => {
    const body = await jsonBody(c, propOptionsBody);
    return c.json({ data: await config.options(catalog.get(c.req.param('idOrKey')), c.req.param('prop'), body) });
  });
  return r;
}
