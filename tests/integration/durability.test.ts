import { afterAll, describe, expect, it } from 'vitest';
import { counter, dedupe, emitter, httpSource, timerSource } from '../fixtures/components';
import { removeDir, sleep, startService, waitFor, type ServiceHandle } from '../helpers/service';

describe('durability across kill -9 and restart', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  it('keeps every event that was visible before a kill -9, and db state', async () => {
    let svc: ServiceHandle = await startService();
    dirs.push(svc.dataDir);
    const src = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: httpSource(false) } })).data;
    const ctr = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: counter(1) } })).data;
    await svc.json(`/v1/sources/${ctr.id}/run`, { method: 'POST' });
    await svc.json(`/v1/sources/${ctr.id}/run`, { method: 'POST' });
    const endpoint = src.configured_props.http.endpoint_url;
    // Keep webhooks flowing while we read what is visible, then kill mid-stream.
    let sending = true;
    const sender = (async () => {
      let i = 0;
      while (sending) await fetch(endpoint, { method: 'POST', body: JSON.stringify({ i: i++ }), headers: { 'content-type': 'application/json' } }).catch(() => undefined);
    })();
    await sleep(600);
    const visible = (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=100`)).data.map((e: { id: string }) => e.id);
    expect(visible.length).toBeGreaterThan(0);
    await svc.kill9();
    sending = false;
    await sender;

    svc = await startService({ dataDir: svc.dataDir });
    try {
      const after = (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=100`)).data.map((e: { id: string }) => e.id);
      // Retention keeps the newest 100: every visible id is still there unless newer events
      // (stored before the kill) pushed it out of the window.
      const order = (id: string) => id.split('-').map(Number) as [number, number];
      const older = (a: string, b: string) => order(a)[0] < order(b)[0] || (order(a)[0] === order(b)[0] && order(a)[1] < order(b)[1]);
      const oldestKept = after[after.length - 1];
      for (const id of visible) if (!older(id, oldestKept)) expect(after).toContain(id);
      expect(after).toContain(visible[0]);
      const run = await svc.json(`/v1/sources/${ctr.id}/run`, { method: 'POST' });
      expect(run.data.emitted[0].event.n).toBe(3);
    } finally {
      await svc.stop();
    }
  });

  it('resumes active sources on restart: timers fire and endpoints answer, and a new port is followed', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const tick = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: timerSource(1) } })).data;
    const hook = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: httpSource(false) } })).data;
    const plain = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: emitter } })).data;
    const oldEndpoint = new URL(hook.configured_props.http.endpoint_url);
    await svc.stop();

    svc = await startService({ dataDir: svc.dataDir });
    try {
      const count = async () => (await svc.json(`/v1/sources/${tick.id}/event_summaries?limit=100`)).page_info.total_count;
      const before = await count();
      await waitFor(async () => (await count()) > before, 5000);
      const hookNow = (await svc.json(`/v1/sources/${hook.id}`)).data;
      const newEndpoint = new URL(hookNow.configured_props.http.endpoint_url);
      expect(newEndpoint.pathname).toBe(oldEndpoint.pathname);
      expect(newEndpoint.port).toBe(String(svc.port));
      expect((await fetch(newEndpoint, { method: 'POST' })).status).toBe(200);
      expect((await svc.json(`/v1/sources/${plain.id}`)).data.name).toBe('Emitter');
    } finally {
      await svc.stop();
    }
  });

  it('keeps dedupe state across a restart', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const src = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: dedupe('unique') } })).data;
    await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST', json: { event: { ids: ['a', 'b'] } } });
    await svc.stop();
    svc = await startService({ dataDir: svc.dataDir });
    try {
      const r = await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST', json: { event: { ids: ['a', 'b', 'c'] } } });
      expect(r.data.emitted.map((e: { event: { id: string } }) => e.event.id)).toEqual(['c']);
    } finally {
      await svc.stop();
    }
  });

  it('keeps workflows, their runs and endpoints across a restart', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const wf = (
      await svc.json('/v1/workflows', {
        method: 'POST',
        json: { name: 'Kept', trigger: { type: 'http' }, steps: [{ name: 's', code: 'export default defineComponent({ async run({ steps }) { return steps.trigger.event.body; } })' }] },
      })
    ).data;
    await svc.json(`/v1/workflows/${wf.id}/run`, { method: 'POST', json: { event: { body: 'before' } } });
    await svc.stop();
    svc = await startService({ dataDir: svc.dataDir });
    try {
      const now = (await svc.json(`/v1/workflows/${wf.id}`)).data;
      expect(new URL(now.trigger.endpoint_url).pathname).toBe(new URL(wf.trigger.endpoint_url).pathname);
      const r = await fetch(now.trigger.endpoint_url, { method: 'POST', body: 'after' });
      expect(r.status).toBe(200);
      await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.filter((x: { status: string }) => x.status === 'success').length === 2);
      const values = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.map((x: { steps: { $return_value: unknown }[] }) => x.steps[0].$return_value);
      expect(values).toEqual(['after', 'before']);
    } finally {
      await svc.stop();
    }
  });
});

