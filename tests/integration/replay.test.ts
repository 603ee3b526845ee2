import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { startService, useService, waitFor } from '../helpers/service';

const FAILS_ON_FLAG = code('check', `async run({ steps }) { if (steps.trigger.event.body.fail) throw new Error("refused " + steps.trigger.event.body.n); return steps.trigger.event.body.n; }`);
const FIXED = code('check', `async run({ steps }) { return "fixed " + steps.trigger.event.body.n; }`);

describe('POST /v1/workflows/{id}/runs/replay: bulk replay and replay with an edited event', () => {
  const svc = useService();

  const setUp = async () => {
    const wf = await svc.createWorkflow({ name: 'Replays', trigger: { type: 'manual' }, steps: [FAILS_ON_FLAG] });
    const failed = [];
    for (const n of [1, 2, 3]) failed.push(await svc.runWorkflow(wf.id, { body: { n, fail: true } }));
    const ok = await svc.runWorkflow(wf.id, { body: { n: 4 } });
    return { wf, failed, ok };
  };
  const replay = (wfId: string, json: unknown) => svc.api(`/v1/workflows/${wfId}/runs/replay`, { method: 'POST', json });

  it('runs each given run\u2019s trigger event again, in order, and records replay_of / replayed_as', async () => {
    const { wf, failed, ok } = await setUp();
    expect(failed.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    // The bug is fixed, then the failed runs are replayed.
    await svc.json(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { steps: [FIXED] } });
    const res = await replay(wf.id, { run_ids: failed.map((r) => r.id) });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((d: any) => d.run_id)).toEqual(failed.map((r) => r.id));
    expect(new Set(data.map((d: any) => d.replay_run_id)).size).toBe(3);
    for (const [i, d] of data.entries()) {
      const run = (await svc.json(`/v1/workflows/${wf.id}/runs/${d.replay_run_id}`)).data;
      expect(run).toMatchObject({ status: 'success', replay_of: failed[i].id, trigger: { event: { body: { n: i + 1, fail: true } } } });
      expect(run.steps[0].$return_value).toBe(`fixed ${i + 1}`);
      expect(d.status).toBe('success');
      const old = (await svc.json(`/v1/workflows/${wf.id}/runs/${failed[i].id}`)).data;
      expect(old.replayed_as).toEqual([d.replay_run_id]);
    }
    // In the order given: the first replay started first.
    const runs = (await svc.json(`/v1/workflows/${wf.id}/runs?limit=100`)).data;
    const started = data.map((d: any) => runs.find((r: any) => r.id === d.replay_run_id).started_at);
    expect([...started].sort((a, b) => a - b)).toEqual(started);
    // The list shows the record too; a run never replayed has neither field.
    expect(runs.find((r: any) => r.id === failed[0].id).replayed_as).toEqual([data[0].replay_run_id]);
    const never = runs.find((r: any) => r.id === ok.id);
    expect(never.replayed_as).toBeUndefined();
    expect(never.replay_of).toBeUndefined();
  });

  it('replays a run of an HTTP workflow whose step answers with $.respond: no caller waits, so the answer is logged', async () => {
    const wf = await svc.createWorkflow({
      name: 'Answers',
      trigger: { type: 'http' },
      steps: [code('answer', `async run({ steps, $ }) { await $.respond({ status: 201, body: { n: steps.trigger.event.body.n } }); return steps.trigger.event.body.n; }`)],
    });
    const res = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: 7 }) });
    expect(res.status).toBe(201);
    // The answer goes out during the run: wait for the run to end.
    const latest = async () => (await svc.json(`/v1/workflows/${wf.id}/runs?limit=1`)).data[0];
    await waitFor(async () => (await latest())?.status === 'success');
    const original = await latest();
    const { data } = await (await replay(wf.id, { run_ids: [original.id] })).json();
    const run = (await svc.json(`/v1/workflows/${wf.id}/runs/${data[0].replay_run_id}`)).data;
    expect(run.steps[0].error).toBeNull();
    expect(run).toMatchObject({ status: 'success', replay_of: original.id });
    expect(run.steps[0].$return_value).toBe(7);
    expect(JSON.stringify(run.steps[0].logs)).toMatch(/\$\.respond answered 201; a replay has no HTTP caller, so nothing was sent/);
  });

  it('replays one run with an edited event; a run replayed twice lists both', async () => {
    const { wf, failed } = await setUp();
    const res = await replay(wf.id, { run_ids: [failed[0].id], event: { body: { n: 10 } } });
    expect(res.status).toBe(200);
    const [d] = (await res.json()).data;
    const run = (await svc.json(`/v1/workflows/${wf.id}/runs/${d.replay_run_id}`)).data;
    expect(run).toMatchObject({ status: 'success', replay_of: failed[0].id, trigger: { event: { body: { n: 10 } } } });
    const again = (await (await replay(wf.id, { run_ids: [failed[0].id] })).json()).data[0];
    expect(again.status).toBe('error');
    const old = (await svc.json(`/v1/workflows/${wf.id}/runs/${failed[0].id}`)).data;
    expect(old.replayed_as).toEqual([d.replay_run_id, again.replay_run_id]);
  });

  it('refuses unknown run ids (404 naming them) and bad bodies (400), queueing nothing', async () => {
    const { wf, failed } = await setUp();
    const before = (await svc.json(`/v1/workflows/${wf.id}/runs?limit=100`)).data.length;
    const res = await replay(wf.id, { run_ids: [failed[0].id, 'r_nope1', 'r_nope2'] });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error.message).toContain('r_nope1');
    expect(body.error.message).toContain('r_nope2');
    for (const bad of [{}, { run_ids: [] }, { run_ids: 'r_x' }, { run_ids: [failed[0].id, failed[1].id], event: { a: 1 } }]) {
      const r = await replay(wf.id, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect((await r.json()).error.message).toBeTruthy();
    }
    expect((await svc.api(`/v1/workflows/p_nope/runs/replay`, { method: 'POST', json: { run_ids: [failed[0].id] } })).status).toBe(404);
    expect((await svc.json(`/v1/workflows/${wf.id}/runs?limit=100`)).data.length).toBe(before);
  });

  it('keeps the record across a restart', async () => {
    const first = await startService();
    try {
      const wf = await first.createWorkflow({ name: 'R', trigger: { type: 'manual' }, steps: [FAILS_ON_FLAG] });
      const run = await first.runWorkflow(wf.id, { body: { n: 1, fail: true } });
      const [d] = (await first.json(`/v1/workflows/${wf.id}/runs/replay`, { method: 'POST', json: { run_ids: [run.id] } })).data;
      await first.stop();
      const second = await startService({ dataDir: first.dataDir });
      try {
        expect((await second.json(`/v1/workflows/${wf.id}/runs/${run.id}`)).data.replayed_as).toEqual([d.replay_run_id]);
        expect((await second.json(`/v1/workflows/${wf.id}/runs/${d.replay_run_id}`)).data.replay_of).toBe(run.id);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });
});
