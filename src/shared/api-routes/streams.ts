// SSE streams and the public webhook ingress (not under /v1, as on the hosted service).
import { z } from 'zod';
import { logLine } from '../resource-schemas';
import { feedFrame, sseEmitFrame } from '../stream-schemas';
import { route } from '../route-def';

export const streamRoutes = {
  accountStream: route({ method: 'get', path: '/v1/stream', summary: 'Everything that happens in the account, one frame per change', response: feedFrame, sse: true }),
  sourceStream: route({
    method: 'get',
    path: '/sources/{id}/sse',
    summary: "A source's new events; resumes after Last-Event-ID",
    query: z.object({ last_event_id: z.string().optional() }),
    response: sseEmitFrame,
    sse: true,
  }),
  sourceLogStream: route({ method: 'get', path: '/sources/{id}/logs/sse', summary: "A source's new console lines", response: logLine, sse: true }),
  workflowStream: route({
    method: 'get',
    path: '/workflows/{id}/sse',
    summary: "A workflow's $.send.sse messages (event: is the channel)",
    response: z.unknown(),
    sse: true,
  }),
};

/** Webhooks: any method, any sub-path after the token; served outside the router (webhooks.ts). */
export const webhookRoutes = {
  webhook: route({
    method: 'post',
    path: '/e/{token}',
    summary: 'Deliver an HTTP event to a source or workflow (any method; any sub-path after the token)',
    body: z.unknown(),
    response: z.unknown(),
    public: true,
    errors: [404, 413, 429, 504],
  }),
};
