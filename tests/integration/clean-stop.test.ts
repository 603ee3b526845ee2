// A clean stop (SIGTERM, or Ctrl-C's SIGINT) right after an answer keeps what the answer said:
// every change the REST API answered 2xx for, and every event a webhook accepted with 200, is
// there when the service starts again on the same data dir. kill -9 is durability.test.ts's.
import { afterAll, describe, expect, it } from 'vitest';
import { codeStep as code, httpSource } from '../fixtures/components';
import { removeDir, startService, waitFor, type ServiceHandle } from '../helpers/service';

/** Sends `signal` and resolves with the exit code (null when a signal killed the process). */
async function stopWith(svc: ServiceHandle, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((r) => svc.proc.once('exit', (code) => r(code)));
  svc.proc.kill(signal);
  return exited;
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a clean stop', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  it('keeps every change the REST API answered 2xx for just before SIGINT', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const src = await svc.createSource(httpSource(false));
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { name: 'Renamed' } });
    const wf = await svc.createWorkflow({ name: 'Kept', trigger: { type: 'manual' }, steps: [code('s', 'async run() { return 1; }')] });
    await svc.json(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { name: 'Kept 2' } });
    await svc.json('/v1/env/REGION', { method: 'PUT', json: { value: 'eu', secret: false } });
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'github', name: 'Work', auth: { oauth_access_token: 'gho_kept' } } })).data;
    const store = (await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'kept' } })).data;
    await svc.json(`/v1/data_stores/${store.id}/records/k`, { method: 'PUT', json: { value: { n: 1 } } });
    // The last change, and the stop straight after its answer.
    await svc.json('/v1/settings', { method: 'PUT', json: { event_retention: 77 } });
    expect(await stopWith(svc, 'SIGINT')).toBe(0);

    svc = await startService({ dataDir: svc.dataDir });
    try {
      expect((await svc.json(`/v1/sources/${src.id}`)).data.name).toBe('Renamed');
      expect((await svc.json(`/v1/workflows/${wf.id}`)).data.name).toBe('Kept 2');
      expect((await svc.json('/v1/env')).data).toContainEqual(expect.objectContaining({ name: 'REGION', value: 'eu' }));
      expect((await svc.json(`/v1/accounts/${account.id}`)).data.name).toBe('Work');
      expect((await svc.json(`/v1/data_stores/${store.id}/records/k`)).data.value).toEqual({ n: 1 });
      expect((await svc.json('/v1/settings')).data.event_retention).toBe(77);
    } finally {
      await svc.stop();
    }
  });

  it('stores every event a webhook accepted (200) before SIGTERM, runs still waiting included', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    // Each run takes a while, so most of the accepted requests still wait in the queue at the stop.
    const src = await svc.createSource(httpSource(false, 'await new Promise((r) => setTimeout(r, 150));'));
    const endpoint = src.configured_props.http.endpoint_url;
    for (let i = 0; i < 6; i++) expect((await post(endpoint, { i })).status).toBe(200);
    expect(await stopWith(svc, 'SIGTERM')).toBe(0);

    svc = await startService({ dataDir: svc.dataDir });
    try {
      const bodies = (await svc.events(src.id)).map((e) => e.event.body.i);
      expect(bodies.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await svc.stop();
    }
  });

  it('finishes the workflow runs a webhook accepted before SIGTERM, and keeps one that paused on $.flow.delay', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const wf = await svc.createWorkflow({
      name: 'Slow then delay',
      trigger: { type: 'http' },
      concurrency: 1,
      steps: [
        code('slow', 'async run({ steps }) { await new Promise((r) => setTimeout(r, 200)); return steps.trigger.event.body.i; }'),
        code('wait', 'async run({ $, steps }) { if (steps.slow.$return_value === 0) $.flow.delay(3600 * 1000); return "on"; }'),
      ],
    });
    for (let i = 0; i < 3; i++) expect((await post(wf.trigger.endpoint_url, { i })).status).toBe(200);
    expect(await stopWith(svc, 'SIGTERM')).toBe(0);

    svc = await startService({ dataDir: svc.dataDir, port: svc.port });
    try {
      const runs = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data as { id: string; status: string; steps: { $return_value: unknown }[] }[];
      const byInput = runs.map((r) => [r.steps[0].$return_value, r.status]).sort();
      expect(byInput).toEqual([
        [0, 'paused'],
        [1, 'success'],
        [2, 'success'],
      ]);
      const paused = runs.find((r) => r.status === 'paused')!;
      const full = (await svc.json(`/v1/workflows/${wf.id}/runs/${paused.id}`)).data;
      expect((await fetch(full.pauses[0].resume_url, { method: 'POST' })).status).toBe(202);
      await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs/${paused.id}`)).data.status === 'success', 10_000, 50);
    } finally {
      await svc.stop();
    }
  });
});

describe('a clean stop that waits for a run', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));
  // The run outlives any stop: it ends by the source's timeout (30 s by default) at the earliest.
  const hang = httpSource(false, 'await new Promise((r) => setTimeout(r, 60_000));');

  it('waits at most 10 s, then stops and says which runs it cut off', async () => {
    const svc = await startService();
    dirs.push(svc.dataDir);
    const src = await svc.createSource(hang);
    expect((await post(src.configured_props.http.endpoint_url, {})).status).toBe(200);
    const t0 = Date.now();
    expect(await stopWith(svc, 'SIGTERM')).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(9_000);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(svc.stderr()).toMatch(/finishing 1 accepted run before stopping/);
    expect(svc.stderr()).toMatch(/stopped with 1 run\(s\) unfinished after 10 s/);
  });

  it('stops at once on a second Ctrl-C', async () => {
    const svc = await startService();
    dirs.push(svc.dataDir);
    const src = await svc.createSource(hang);
    expect((await post(src.configured_props.http.endpoint_url, {})).status).toBe(200);
    const exited = new Promise<NodeJS.Signals | null>((r) => svc.proc.once('exit', (_code, signal) => r(signal)));
    svc.proc.kill('SIGINT');
    await waitFor(() => /finishing 1 accepted run/.test(svc.stderr()), 5_000);
    // Timed from the second Ctrl-C (a slow start of the wait must not count): well short of the
    // 10 s the first one waits.
    const t0 = Date.now();
    svc.proc.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
