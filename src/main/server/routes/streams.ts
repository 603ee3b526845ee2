import { Hono } from 'hono';
import { compareEventIds, parseEventId } from '../../../shared/ids';
import type { SseEmitFrame } from '../../../shared/resources';
import type { SourceRuntime } from '../../runtime/source-runtime';
import type { WorkflowRuntime } from '../../runtime/workflows/workflow-runtime';
import type { EventBus } from '../../runtime/event-bus';
import { eventMetadata } from '../../runtime/event-views';
import type { EventStore, StoredEvent } from '../../store/event-store';
import { sseResponse } from '../sse';

export interface StreamDeps {
  runtime: SourceRuntime;
  workflows: WorkflowRuntime;
  events: EventStore;
  bus: EventBus;
}

/**
 * SSE streams (no /v1 prefix, as on the hosted service):
 * - GET /sources/{id}/sse       each new event of every channel; resumes after Last-Event-ID
 * - GET /sources/{id}/logs/sse  each new console line of the source
 * - GET /workflows/{id}/sse     each `$.send.sse` message of the workflow (`event:` = channel)
 */
export function streamRoutes(d: StreamDeps): Hono {
  const r = new Hono();
  r.get('/sources/:id/sse', (c) => {
    const id = c.req.param('id');
    d.runtime.get(id);
    const resumeFrom = parseEventId(c.req.header('last-event-id') ?? c.req.query('last_event_id') ?? '');
    return sseResponse(c, (send) => {
      let lastSent = resumeFrom;
      const deliver = (e: StoredEvent) => {
        const parts = parseEventId(e.id)!;
        if (lastSent && compareEventIds(parts, lastSent) <= 0) return;
        lastSent = parts;
        send({ id: e.id, data: emitFrame(id, e) });
      };
      // Subscribe before replaying, so nothing stored in between is missed (dupes are skipped).
      const off = d.bus.onEvent(id, deliver);
      if (resumeFrom) for (const e of d.events.since(id, resumeFrom)) deliver(e);
      return off;
    });
  });
  r.get('/workflows/:id/sse', (c) => {
    const id = c.req.param('id');
    d.workflows.get(id);
    return sseResponse(c, (send) => d.bus.onSse(id, (m) => send({ event: m.channel, data: m.payload })));
  });
  r.get('/sources/:id/logs/sse', (c) => {
    const id = c.req.param('id');
    d.runtime.get(id);
    return sseResponse(c, (send) => d.bus.onLog(id, (line) => send({ data: line })));
  });
  return r;
}

export function emitFrame(emitterId: string, e: StoredEvent): SseEmitFrame {
  return {
    k: 'emit',
    id: e.id,
    ts: e.ms,
    e: e.ev,
    sum: e.sum ?? null,
    name: e.ch,
    metadata: eventMetadata(emitterId, e),
  };
}
