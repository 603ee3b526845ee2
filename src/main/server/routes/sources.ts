import { Hono } from 'hono';
import {
  createSourceBody,
  deleteEventsQuery,
  eventSummariesQuery,
  listQuery,
  runSourceBody,
  updateSourceBody,
} from '../../../shared/api';
import { rerunEventBody } from '../../../shared/trigger-schemas';
import type { SourcesService } from '../../services/sources-service';
import { jsonBody, query } from '../json-body';

/** REST v1 routes of deployed sources: thin adapters over SourcesService. */
export function sourceRoutes(sources: SourcesService): Hono {
  const r = new Hono();
  r.post('/sources', async (c) => c.json({ data: await sources.create(await jsonBody(c, createSourceBody)) }));
  r.get('/sources/:id', (c) => c.json({ data: sources.get(c.req.param('id')) }));
  r.put('/sources/:id', async (c) => c.json({ data: await sources.update(c.req.param('id'), await jsonBody(c, updateSourceBody)) }));
  r.delete('/sources/:id', async (c) => {
    await sources.remove(c.req.param('id'), c.req.query('force') === 'true');
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.get('/users/me/sources', (c) => c.json(sources.list(query(c, listQuery))));
  r.post('/sources/:id/run', async (c) => {
    const body = await jsonBody(c, runSourceBody);
    return c.json({ data: await sources.run(c.req.param('id'), body.event) });
  });
  r.post('/sources/:id/events/:event_id/rerun', async (c) => {
    const body = await jsonBody(c, rerunEventBody);
    return c.json({ data: await sources.rerunEvent(c.req.param('id'), c.req.param('event_id'), body.event) });
  });
  r.get('/sources/:id/events/:event_id/input', (c) => c.json({ data: sources.eventInput(c.req.param('id'), c.req.param('event_id')) }));
  r.get('/sources/:id/test_event', (c) => c.json({ data: sources.testEvent(c.req.param('id')) }));
  r.get('/sources/:id/event_summaries', (c) => c.json(sources.eventSummaries(c.req.param('id'), query(c, eventSummariesQuery))));
  r.delete('/sources/:id/events', async (c) => {
    await sources.deleteEvents(c.req.param('id'), query(c, deleteEventsQuery));
    return c.body(null, 202);
  });
  r.get('/sources/:id/logs', (c) => c.json({ data: sources.logs(c.req.param('id')) }));
  return r;
}
