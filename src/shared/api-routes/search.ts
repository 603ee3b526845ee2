// REST v1 routes of search across sources and workflows, and the replay of workflow runs.
import { z } from 'zod';
import { replayBody, replayedRun, searchHit, searchQuery } from '../search-api';
import { one, page, route } from '../route-def';

export const searchRoutes = {
  search: route({
    method: 'get',
    path: '/v1/search',
    summary: "Every source's events and every workflow's runs matching a text, a status and a time span, newest first",
    query: searchQuery,
    response: page(searchHit),
  }),
  replayRuns: route({
    method: 'post',
    path: '/v1/workflows/{id}/runs/replay',
    summary: "Runs each given run's trigger event again (or one edited event), in order; answers once they have run",
    body: replayBody,
    response: one(z.array(replayedRun)),
    errors: [429],
  }),
};
