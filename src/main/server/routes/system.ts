import { Hono } from 'hono';
import type { SystemInfo } from '../../../shared/resources';

export interface SystemDeps {
  info(): SystemInfo;
  /** Replaces the API key; callers with the old key get 401 from then on (UI sessions stay). */
  rotateApiKey(): Promise<void>;
}

/** Where the service keeps its data, and API key rotation. The key itself is never returned. */
export function systemRoutes(d: SystemDeps): Hono {
  const r = new Hono();
  r.get('/system', (c) => c.json({ data: d.info() }));
  r.post('/api-key/rotate', async (c) => {
    await d.rotateApiKey();
    const { api_key_file } = d.info();
    return c.json({ data: { rotated: true, api_key_file } });
  });
  return r;
}
