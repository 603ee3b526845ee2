import { Hono } from 'hono';
import type { SystemService } from '../../services/system-service';

/** Where the service keeps its data, and API key rotation. The key itself is never returned. */
export function systemRoutes(system: SystemService): Hono {
  const r = new Hono();
  r.get('/system', (c) => c.json({ data: system.info() }));
  r.post('/api-key/rotate', async (c) => c.json({ data: await system.rotateApiKey() }));
  return r;
}
