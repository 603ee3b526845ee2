// REST v1 routes of the virtual clock of timer-driven sources and workflows.
import { clockAdvanceBody, clockNextQuery } from '../clock-api';
import { clockAdvance, clockNext, sourceFiring, workflowFiring } from '../resource-schemas';
import { one, route } from '../route-def';

export const clockRoutes = {
  fireSourceTimer: route({ method: 'post', path: '/v1/sources/{id}/clock/fire', summary: "Fire a source's timer now", response: one(sourceFiring), errors: [422] }),
  advanceSourceClock: route({
    method: 'post',
    path: '/v1/sources/{id}/clock/advance',
    summary: "Move a source's clock forward, firing what falls due",
    body: clockAdvanceBody,
    response: one(clockAdvance),
    errors: [422],
  }),
  sourceClockNext: route({ method: 'get', path: '/v1/sources/{id}/clock/next', summary: "A source timer's next due times", query: clockNextQuery, response: one(clockNext), errors: [409] }),
  fireWorkflowTimer: route({ method: 'post', path: '/v1/workflows/{id}/clock/fire', summary: "Fire a workflow's timer now", response: one(workflowFiring), errors: [422] }),
  advanceWorkflowClock: route({
    method: 'post',
    path: '/v1/workflows/{id}/clock/advance',
    summary: "Move a workflow's clock forward, firing what falls due",
    body: clockAdvanceBody,
    response: one(clockAdvance),
    errors: [422],
  }),
  workflowClockNext: route({
    method: 'get',
    path: '/v1/workflows/{id}/clock/next',
    summary: "A workflow timer's next due times",
    query: clockNextQuery,
    response: one(clockNext),
    errors: [409],
  }),
};
