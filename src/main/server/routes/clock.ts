import { Hono } from 'hono';
import { clockAdvanceBody, clockNextQuery } from '../../../shared/clock-api';
import type { ClockOwner, ClockService } from '../../services/clock-service';
import { jsonBody, query } from '../json-body';

/** REST v1 routes of the virtual clock of timer-driven sources and workflows. */
export function clockRoutes(clock: ClockService): Hono {
  const r = new Hono();
  for (const kind of ['sources', 'workflows'] as const satisfies ClockOwner[]) {
    r.post(`/${kind}/:id/clock/fire`, async (c) => c.json({ data: await clock.fire(kind, c.req.param('id')) }));
    r.post(`/${kind}/:id/clock/advance`, async (c) => {
      const body = await jsonBody(c, clockAdvanceBody);
      return c.json({ data: await clock.advance(kind, c.req.param('id'), body.seconds) });
    });
    r.get(`/${kind}/:id/clock/next`, (c) => c.json({ data: clock.next(kind, c.req.param('id'), query(c, clockNextQuery).n) }));
  }
  return r;
}
