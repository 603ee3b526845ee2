import { Hono } from 'hono';
import { createComponentBody } from '../../../shared/api';
import type { ComponentCatalog } from '../../runtime/component-catalog';
import { jsonBody } from '../json-body';

export function componentRoutes(catalog: ComponentCatalog): Hono {
  const r = new Hono();
  r.post('/components', async (c) => {
    const body = await jsonBody(c, createComponentBody);
    return c.json({ data: catalog.view(await catalog.save(body.component_code)) });
  });
  r.get('/components/:idOrKey', (c) => c.json({ data: catalog.view(catalog.get(c.req.param('idOrKey'))) }));
  return r;
}
