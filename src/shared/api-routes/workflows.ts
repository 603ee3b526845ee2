// REST v1 routes of workflows, their runs and events, subscriptions and the outbox.
import { z } from 'zod';
import { createWorkflowBody, eventSummariesQuery, listQuery, runWorkflowBody, subscriptionQuery, updateWorkflowBody } from '../api';
import { eventSummary, outboxMessage, subscription, workflow, workflowRun } from '../resource-schemas';
import { deleted, one, page, route } from '../route-def';
import { stepLastExports, stepTestBody, stepTestResult, workflowTestEvent } from '../test-events-api';

export const workflowRoutes = {
  createWorkflow: route({ method: 'post', path: '/v1/workflows', summary: 'Create a workflow', body: createWorkflowBody, response: one(workflow), errors: [422] }),
  listWorkflows: route({ method: 'get', path: '/v1/users/me/workflows', summary: 'List workflows', query: listQuery, response: page(workflow) }),
  getWorkflow: route({ method: 'get', path: '/v1/workflows/{id}', summary: 'One workflow', response: one(workflow) }),
  updateWorkflow: route({ method: 'put', path: '/v1/workflows/{id}', summary: 'Update a workflow', body: updateWorkflowBody, response: one(workflow), errors: [422] }),
  deleteWorkflow: route({ method: 'delete', path: '/v1/workflows/{id}', summary: 'Delete a workflow', response: deleted, errors: [422] }),
  runWorkflow: route({
    method: 'post',
    path: '/v1/workflows/{id}/run',
    summary: 'Run a workflow by hand; answers the finished run',
    body: runWorkflowBody,
    response: one(workflowRun),
    errors: [422, 429],
  }),
  workflowTestEvent: route({
    method: 'get',
    path: '/v1/workflows/{id}/test_event',
    summary: 'The event a manual run or a step test starts from: the last real trigger, or a sample of its shape',
    response: one(workflowTestEvent),
  }),
  testStep: route({
    method: 'post',
    path: '/v1/workflows/{id}/steps/{step_name}/test',
    summary: "Run one step alone with a test event and the earlier steps' last exports (no run is recorded)",
    body: stepTestBody,
    response: one(stepTestResult),
  }),
  workflowLastExports: route({
    method: 'get',
    path: '/v1/workflows/{id}/last_exports',
    summary: "Each step's last exports (its last test or last successful run, whichever is newer), by step name",
    response: one(z.record(z.string(), stepLastExports)),
  }),
  listRuns: route({ method: 'get', path: '/v1/workflows/{id}/runs', summary: 'The last 100 runs, newest first', query: listQuery, response: page(workflowRun) }),
  getRun: route({ method: 'get', path: '/v1/workflows/{id}/runs/{runId}', summary: 'One run', response: one(workflowRun) }),
  workflowEventSummaries: route({
    method: 'get',
    path: '/v1/workflows/{id}/event_summaries',
    summary: "A workflow's emitted events",
    query: eventSummariesQuery,
    response: page(eventSummary),
  }),
  workflowErrorSummaries: route({
    method: 'get',
    path: '/v1/workflows/{id}/$errors/event_summaries',
    summary: "A workflow's $errors events",
    query: eventSummariesQuery,
    response: page(eventSummary),
  }),
  subscribe: route({ method: 'post', path: '/v1/subscriptions', summary: 'Subscribe a listener to an emitter', query: subscriptionQuery, response: one(subscription) }),
  unsubscribe: route({
    method: 'delete',
    path: '/v1/subscriptions',
    summary: 'Remove a subscription',
    query: subscriptionQuery,
    response: one(z.object({ deleted: z.literal(true) })),
  }),
  listSubscriptions: route({ method: 'get', path: '/v1/users/me/subscriptions', summary: 'Every subscription', response: one(z.array(subscription)) }),
  outbox: route({ method: 'get', path: '/v1/outbox', summary: 'Messages sent by $.send.email', response: one(z.array(outboxMessage)) }),
};
