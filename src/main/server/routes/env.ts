import { Hono } from 'hono';
import { putEnvVarBody } from '../../../shared/env-vars-api';
import type { EnvService } from '../../services/env-service';
import { jsonBody } from '../json-body';

/** `/v1/env`: the project's environment variables. */
export function envRoutes(env: EnvService): Hono {
  const r = new Hono();
  r.get('/env', (c) => c.json({ data: env.list() }));
  r.put('/env/:name', async (c) => c.json({ data: await env.set(c.req.param('name'), await jsonBody(c, putEnvVarBody)) }));
  r.delete('/env/:name', async (c) => {
    await env.remove(c.req.param('name'));
    return c.json({ data: { name: c.req.param('name'), deleted: true } });
  });
  return r;
}
