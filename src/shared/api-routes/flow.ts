// The public resume and cancel URLs of paused workflow runs (`$.flow.delay` / `suspend` /
// `rerun`): any method, no API key; served outside the router (server/flow-urls.ts).
import { z } from 'zod';
import { route } from '../route-def';

const ended = z.object({ success: z.literal(true), action: z.enum(['resume', 'cancel']), run_id: z.string() });

export const flowRoutes = {
  resumePausedRun: route({
    method: 'post',
    path: '/flow/{token}/resume',
    summary: "Resume a paused run (any method, once): the body becomes suspend's $resume_data or a rerun's callback_request",
    body: z.unknown(),
    response: ended,
    public: true,
    errors: [404, 413, 429],
  }),
  cancelPausedRun: route({
    method: 'post',
    path: '/flow/{token}/cancel',
    summary: 'Cancel a paused run (any method, once)',
    body: z.unknown(),
    response: ended,
    public: true,
    errors: [404, 429],
  }),
};
