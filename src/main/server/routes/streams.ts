import { Hono } from 'hono';
import type { StreamsService } from '../../services/streams-service';
import { sseResponse } from '../sse';

/**
 * SSE streams (no /v1 prefix, as on the hosted service):
 * - GET /sources/{id}/sse       each new event of every channel; resumes after Last-Event-ID
 * - GET /sources/{id}/logs/sse  each new console line of the source
 * - GET /workflows/{id}/sse     each `$.send.sse` message of the workflow (`event:` = channel)
 */
export function streamRoutes(streams: StreamsService): Hono {
  const r = new Hono();
  r.get('/sources/:id/sse', (c) =>
    sseResponse(c, streams.sourceEvents(c.req.param('id'), c.req.header('last-event-id') ?? c.req.query('last_event_id') ?? '')),
  );
  r.get('/workflows/:id/sse', (c) => sseResponse(c, streams.workflowMessages(c.req.param('id'))));
  r.get('/sources/:id/logs/sse', (c) => sseResponse(c, streams.sourceLogs(c.req.param('id'))));
  return r;
}
