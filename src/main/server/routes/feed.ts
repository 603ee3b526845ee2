import { Hono, type MiddlewareHandler } from 'hono';
import type { ChangedResource } from '../../../shared/resources';
import type { EventBus } from '../../runtime/event-bus';
import { sseResponse } from '../sse';
import { emitFrame } from './streams';

/**
 * GET /v1/stream: everything that happens in the account on one SSE connection (the web UI
 * would otherwise need one per source, and browsers allow six per origin). Each frame is a
 * `FeedFrame` as `data:`; there is no replay, a client re-reads lists after reconnecting.
 */
export function feedRoutes(bus: EventBus): Hono {
  const r = new Hono();
  r.get('/stream', (c) =>
    sseResponse(c, (send) => {
      const offs = [
        bus.onAnyEvent((emitterId, e) => send({ data: { type: 'emit', emitter_id: emitterId, frame: emitFrame(emitterId, e) } })),
        bus.onAnyLog((sourceId, line) => send({ data: { type: 'log', source_id: sourceId, line } })),
        bus.onFeed((frame) => send({ data: frame })),
      ];
      return () => offs.forEach((off) => off());
    }),
  );
  return r;
}

const RESOURCES: Record<string, ChangedResource> = {
  components: 'components',
  sources: 'sources',
  workflows: 'workflows',
  subscriptions: 'subscriptions',
  accounts: 'accounts',
  settings: 'settings',
  packages: 'packages',
  'api-key': 'api-key',
};

/** After each successful write under /v1, a `change` frame naming what changed. */
export function publishChanges(bus: EventBus): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
    const [first, second, third] = new URL(c.req.url).pathname.replace(/^\/v1\//, '').split('/');
    if (first === 'components' && second === 'registry') return bus.publishFeed({ type: 'change', resource: 'registry', id: third });
    // Runs, prop reloads and option loads change nothing stored (runs have their own frames).
    if (third !== undefined && !(first === 'sources' && third === 'events')) return;
    const resource = RESOURCES[first];
    if (resource) bus.publishFeed({ type: 'change', resource, id: second && !second.includes('?') ? decodeURIComponent(second) : undefined });
  };
}
