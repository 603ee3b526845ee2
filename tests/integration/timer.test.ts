import { describe, expect, it } from 'vitest';
import { timerSource } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('timer sources', () => {
  const svc = useService();

  const create = (code: string, extra?: object) => svc.createSource(code, extra);
  const events = (id: string) => svc.events(id);

  it('fires on its interval with {timestamp, interval_seconds}', async () => {
    const src = await create(timerSource(1));
    expect(src.configured_props.timer).toEqual({ cron: null, interval_seconds: 1 });
    const t0 = Date.now() / 1000;
    await waitFor(async () => (await events(src.id)).length >= 2, 5000);
    const [e] = await events(src.id);
    expect(e.event.interval_seconds).toBe(1);
    expect(Number.isInteger(e.event.timestamp)).toBe(true);
    expect(e.event.timestamp).toBeGreaterThanOrEqual(Math.floor(t0));
  });

  it('takes a configured interval over the default, and a cron with its expression', async () => {
    const a = await create(timerSource(900), { configured_props: { timer: { intervalSeconds: 120 } } });
    expect(a.configured_props.timer).toEqual({ cron: null, interval_seconds: 120 });
    const b = await create(timerSource(900), { configured_props: { timer: { cron: '*/5 * * * *' } } });
    expect(b.configured_props.timer).toEqual({ cron: '*/5 * * * *', interval_seconds: null });
    const run = await svc.json(`/v1/sources/${b.id}/run`, { method: 'POST' });
    expect(run.data.emitted[0].event).toMatchObject({ cron: '*/5 * * * *' });
    const bad = await svc.api('/v1/sources', { method: 'POST', json: { component_code: timerSource(60), configured_props: { timer: { cron: 'every day' } } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/cron/);
  });

  it('emits the timer event itself for a timer source without run', async () => {
    const src = await create(`export default { name: "schedule", version: "1", props: { timer: { type: "$.interface.timer", default: { intervalSeconds: 1 } } } }`);
    await waitFor(async () => (await events(src.id)).length >= 1, 5000);
    expect((await events(src.id))[0].event.interval_seconds).toBe(1);
  });

  it('pauses while inactive', async () => {
    const src = await create(timerSource(1));
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { active: false } });
    const before = (await events(src.id)).length;
    await new Promise((r) => setTimeout(r, 2200));
    expect((await events(src.id)).length).toBe(before);
  });

  it('runs manually with a timer-shaped event by default, or the given event', async () => {
    const src = await create(timerSource(3600));
    const a = await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST' });
    expect(a.data.emitted[0].event).toMatchObject({ interval_seconds: 3600 });
    expect(Math.abs(a.data.emitted[0].event.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const b = await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST', json: { event: { custom: true } } });
    expect(b.data.emitted[0].event).toEqual({ custom: true });
  });
});
