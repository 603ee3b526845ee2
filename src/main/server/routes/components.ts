import { Hono } from 'hono';
import { createComponentBody } from '../../../shared/api';
import type { ComponentCatalog } from '../../runtime/component-catalog';
import { fetchComponentCode } from '../../services/component-url';
import { jsonBody } from '../json-body';

export function componentRoutes(catalog: ComponentCatalog): Hono {
  const r = new Hono();
  r.post('/components', async (c) => {
    const body = await jsonBody(c, createComponentBody);
    const code = body.component_code ?? (await fetchComponentCode(body.component_url!));
    return c.json({ data: catalog.view(await catalog.save(code)) });
  });
  r.get('/components/:idOrKey', (c) => c.json({ data: catalog.view(catalog.get(c.req.param('idOrKey'))) }));
  return r;
}
