import { Hono } from 'hono';
import {
  createWorkflowBody,
  eventSummariesQuery,
  listQuery,
  runWorkflowBody,
  subscriptionQuery,
  updateWorkflowBody,
} from '../../../shared/api';
import { replayBody } from '../../../shared/search-api';
import { stepTestBody } from '../../../shared/test-events-api';
import type { WorkflowsService } from '../../services/workflows-service';
import { jsonBody, query } from '../json-body';

/** REST v1 routes of workflows, their runs and events, and subscriptions. */
export function workflowRoutes(workflows: WorkflowsService): Hono {
  const r = new Hono();
  r.post('/workflows', async (c) => c.json({ data: await workflows.create(await jsonBody(c, createWorkflowBody)) }));
  r.get('/users/me/workflows', (c) => c.json(workflows.list(query(c, listQuery))));
  r.get('/workflows/:id', (c) => c.json({ data: workflows.get(c.req.param('id')) }));
  r.put('/workflows/:id', async (c) => c.json({ data: await workflows.update(c.req.param('id'), await jsonBody(c, updateWorkflowBody)) }));
  r.delete('/workflows/:id', async (c) => {
    await workflows.remove(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.post('/workflows/:id/run', async (c) => {
    const body = await jsonBody(c, runWorkflowBody);
    return c.json({ data: await workflows.run(c.req.param('id'), body.event) });
  });
  r.post('/workflows/:id/runs/replay', async (c) => c.json({ data: await workflows.replay(c.req.param('id'), await jsonBody(c, replayBody)) }));
  r.get('/workflows/:id/test_event', (c) => c.json({ data: workflows.testEvent(c.req.param('id')) }));
  r.post('/workflows/:id/steps/:step_name/test', async (c) => {
    const body = await jsonBody(c, stepTestBody);
    return c.json({ data: await workflows.testStep(c.req.param('id'), c.req.param('step_name'), body) });
  });
  r.get('/workflows/:id/last_exports', (c) => c.json({ data: workflows.lastExports(c.req.param('id')) }));
  r.get('/workflows/:id/runs', (c) => c.json(workflows.runs(c.req.param('id'), query(c, listQuery))));
  r.get('/workflows/:id/runs/:runId', (c) => c.json({ data: workflows.getRun(c.req.param('id'), c.req.param('runId')) }));
  r.get('/workflows/:id/event_summaries', (c) => c.json(workflows.eventSummaries(c.req.param('id'), query(c, eventSummariesQuery))));
  r.get('/workflows/:id/$errors/event_summaries', (c) =>
    c.json(workflows.eventSummaries(c.req.param('id'), query(c, eventSummariesQuery), true)),
  );

  r.post('/subscriptions', async (c) => {
    const q = query(c, subscriptionQuery);
    return c.json({ data: await workflows.subscribe(q.emitter_id, q.listener_id, q.event_name) });
  });
  r.delete('/subscriptions', async (c) => {
    const q = query(c, subscriptionQuery);
    await workflows.unsubscribe(q.emitter_id, q.listener_id, q.event_name);
    return c.json({ data: { deleted: true } });
  });
  r.get('/users/me/subscriptions', (c) => c.json({ data: workflows.subscriptions() }));

  r.get('/outbox', (c) => c.json({ data: workflows.outbox() }));
  return r;
}
