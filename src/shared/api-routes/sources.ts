// REST v1 routes of deployed sources, their events and logs (docs/api.md, "Sources").
import { z } from 'zod';
import { createSourceBody, deleteEventsQuery, eventSummariesQuery, listQuery, runSourceBody, updateSourceBody } from '../api';
import { deployedSource, eventSummary, logLine, runResult } from '../resource-schemas';
import { deleted, one, page, route } from '../route-def';
import { rerunEventBody, testEvent, triggerInput } from '../trigger-schemas';

export const sourceRoutes = {
  createSource: route({ method: 'post', path: '/v1/sources', summary: 'Deploy a source', body: createSourceBody, response: one(deployedSource), errors: [422] }),
  listSources: route({ method: 'get', path: '/v1/users/me/sources', summary: 'List deployed sources', query: listQuery, response: page(deployedSource) }),
  getSource: route({ method: 'get', path: '/v1/sources/{id}', summary: 'One deployed source', response: one(deployedSource) }),
  updateSource: route({
    method: 'put',
    path: '/v1/sources/{id}',
    summary: 'Update a source (props, name, code, active)',
    body: updateSourceBody,
    response: one(deployedSource),
    errors: [422],
  }),
  deleteSource: route({
    method: 'delete',
    path: '/v1/sources/{id}',
    summary: 'Delete a source (force=true: even when workflows listen to it)',
    query: z.object({ force: z.enum(['true', 'false']).optional() }),
    response: deleted,
    errors: [422],
  }),
  runSource: route({ method: 'post', path: '/v1/sources/{id}/run', summary: 'Run a source once by hand', body: runSourceBody, response: one(runResult), errors: [422, 429] }),
  rerunSourceEvent: route({
    method: 'post',
    path: '/v1/sources/{id}/events/{event_id}/rerun',
    summary: "Run a source again with the original input of the invocation that emitted an event (or an edited one); 409 when that input is no longer kept",
    body: rerunEventBody,
    response: one(runResult),
    errors: [409, 422, 429],
  }),
  sourceEventInput: route({
    method: 'get',
    path: '/v1/sources/{id}/events/{event_id}/input',
    summary: 'The input (HTTP request, timer event, manual event) of the invocation that emitted an event; 409 when it is no longer kept',
    response: one(triggerInput),
    errors: [409],
  }),
  sourceTestEvent: route({
    method: 'get',
    path: '/v1/sources/{id}/test_event',
    summary: "What a manual run is pre-filled with: the last real trigger's input, else a sample request or timer event",
    response: one(testEvent),
  }),
  sourceEventSummaries: route({
    method: 'get',
    path: '/v1/sources/{id}/event_summaries',
    summary: "A source's retained events, newest first",
    query: eventSummariesQuery,
    response: page(eventSummary),
  }),
  deleteSourceEvents: route({
    method: 'delete',
    path: '/v1/sources/{id}/events',
    summary: "Delete a source's events (all, or a range)",
    query: deleteEventsQuery,
    response: null,
    status: 202,
  }),
  sourceLogs: route({ method: 'get', path: '/v1/sources/{id}/logs', summary: 'The last 100 console lines of a source', response: one(z.array(logLine)) }),
};
