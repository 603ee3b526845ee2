import { Hono } from 'hono';
import { createComponentBody, listQuery, propOptionsBody, refreshPackagesBody, reloadPropsBody, updateComponentBody } from '../../../shared/api';
import type { ComponentsService } from '../../services/components-service';
import type { RegistryService } from '../../services/registry-service';
import { jsonBody, query } from '../json-body';

/** REST v1 routes of saved components, the registry and the package cache. */
export function componentRoutes(components: ComponentsService, registry: RegistryService): Hono {
  const r = new Hono();
  r.get('/users/me/components', (c) => c.json(components.list(query(c, listQuery))));
  r.get('/packages', async (c) => c.json({ data: await registry.packages() }));
  r.post('/packages/refresh', async (c) => {
    const body = await jsonBody(c, refreshPackagesBody);
    return c.json({ data: { refreshed: await registry.refreshPackages(body.name) } });
  });
  // Before /components/:idOrKey, which would take "registry" for an id.
  r.get('/components/registry', (c) => c.json({ data: registry.list() }));
  r.get('/components/registry/:key', (c) => c.json({ data: registry.lookup(c.req.param('key')) }));
  r.post('/components/registry', async (c) => c.json({ data: await registry.publish(await jsonBody(c, createComponentBody)) }));
  r.delete('/components/registry/:key', async (c) => c.json({ data: await registry.unpublish(c.req.param('key')) }));
  r.delete('/components/:id', async (c) => {
    await components.remove(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.post('/components', async (c) => c.json({ data: await components.save(await jsonBody(c, createComponentBody)) }));
  r.put('/components/:id', async (c) => {
    const body = await jsonBody(c, updateComponentBody);
    return c.json({ data: await components.update(c.req.param('id'), body.component_code) });
  });
  r.get('/components/:idOrKey', (c) => c.json({ data: components.get(c.req.param('idOrKey')) }));
  r.post('/components/:idOrKey/props/reload', async (c) => {
    const body = await jsonBody(c, reloadPropsBody);
    return c.json({ data: { configurable_props: await components.reloadProps(c.req.param('idOrKey'), body.configured_props ?? {}) } });
  });
  r.post('/components/:idOrKey/props/:prop/options', async (c) => {
    const body = await jsonBody(c, propOptionsBody);
    return c.json({ data: await components.propOptions(c.req.param('idOrKey'), c.req.param('prop'), body) });
  });
  return r;
}
