import { describe, expect, test } from 'vitest';
import { createApp, type AppDeps } from '../../src/main/server/app';
import { WEBHOOK_PREFIX } from '../../src/main/server/webhooks';
import { FLOW_PREFIX } from '../../src/main/server/flow-urls';
import { apiRoutes } from '../../src/shared/api-routes';

/** `GET /v1/sources/:id` for each route the server's router answers (middleware and the UI left out). */
function serverRoutes(): string[] {
  // Registering routes touches no collaborator, so an empty bag is enough to list them.
  const app = createApp({ services: {} } as unknown as AppDeps);
  const uiPaths = new Set(['/', '/*']);
  return app.routes
    .filter((r) => r.method !== 'ALL' && !uiPaths.has(r.path))
    .map((r) => `${r.method} ${r.path}`)
    .sort();
}

const table = Object.values(apiRoutes);

describe('the route table (src/shared/api-routes) and the server', () => {
  test('every route the server registers is in the table, and every table route is registered', () => {
    const fromTable = table
      // Webhooks and resume/cancel URLs are served beside the router (node:http), not by it.
      .filter((r) => !r.path.startsWith(`${WEBHOOK_PREFIX}/`) && !r.path.startsWith(`${FLOW_PREFIX}/`))
      .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/\{([^}]+)\}/g, ':$1')}`)
      .sort();
    expect(fromTable).toEqual(serverRoutes());
  });

  test('the public entries are under the prefixes the webhook and flow servers answer; the only other public route is the sign-in probe', () => {
    const publicRoutes = table.filter((r) => 'public' in r);
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const r of publicRoutes) expect(r.path.startsWith(`${WEBHOOK_PREFIX}/`) || r.path.startsWith(`${FLOW_PREFIX}/`) || r.path === '/v1/session', r.path).toBe(true);
  });

  test('no two entries describe the same method and path', () => {
    const keys = table.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
