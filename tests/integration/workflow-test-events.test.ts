import { afterAll, describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { removeDir, startService, useService } from '../helpers/service';

// Issue #18 item 4: a workflow's test event (the last real trigger, or a sample of its shape),
// and testing one step with the earlier steps' last exports.
const GREETER = 'export default defineComponent({ async run({ steps, $ }) { await $.respond({ status: 200, body: { hi: steps.trigger.event.body.name } }) } })';

const svc = useService();

describe('workflow test events', () => {

  it('is a sample HTTP request before the first request, then the last real request (not a manual run)', async () => {
    const wf = await svc.createWorkflow({ name: 'Greeter', trigger: { type: 'http' }, steps: [{ name: 'hello', code: GREETER }] });
    const sample = (await svc.json(`/v1/workflows/${wf.id}/test_event`)).data;
    expect(sample.from).toBe('sample');
    expect(sample.run_id).toBeNull();
    expect(sample.event).toMatchObject({ method: 'POST', body: { name: 'Ada' } });
    expect(sample.event.url).toBe(wf.trigger.endpoint_url);
    // Run now with the sample works where `{}` failed on `event.body.name`.
    const ran = await svc.runWorkflow(wf.id, sample.event);
    expect(ran.status).toBe('success');

    const res = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) });
    expect(await res.json()).toEqual({ hi: 'Grace' });
    const real = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    await svc.runWorkflow(wf.id, { body: { name: 'by hand' } });
    const last = (await svc.json(`/v1/workflows/${wf.id}/test_event`)).data;
    expect(last.from).toBe('last_trigger');
    expect(last.run_id).toBe(real.id);
    expect(last.event).toMatchObject({ method: 'POST', body: { name: 'Grace' } });
  });

  it('does not take a replay for the last real trigger, even an edited one', async () => {
    const wf = await svc.createWorkflow({ name: 'Greeter replayed', trigger: { type: 'http' }, steps: [{ name: 'hello', code: GREETER }] });
    await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) });
    const real = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    const replayed = await svc.api(`/v1/workflows/${wf.id}/runs/replay`, { method: 'POST', json: { run_ids: [real.id], event: { body: { name: 'Edited' } } } });
    expect(replayed.status).toBe(200);
    const last = (await svc.json(`/v1/workflows/${wf.id}/test_event`)).data;
    expect(last.run_id).toBe(real.id);
    expect(last.event).toMatchObject({ body: { name: 'Grace' } });
  });

  it('gives a timer event for a timer trigger and {} for a manual one; 404 for an unknown workflow', async () => {
    const timer = await svc.createWorkflow({ name: 'T', trigger: { type: 'timer', intervalSeconds: 3600 }, steps: [code('a', 'async run() {}')] });
    const t = (await svc.json(`/v1/workflows/${timer.id}/test_event`)).data;
    expect(t.from).toBe('sample');
    expect(typeof t.event.timestamp).toBe('number');
    expect(t.event.interval_seconds).toBe(3600);
    const manual = await svc.createWorkflow({ name: 'M', trigger: { type: 'manual' }, steps: [code('a', 'async run() {}')] });
    expect((await svc.json(`/v1/workflows/${manual.id}/test_event`)).data).toEqual({ event: {}, from: 'sample', run_id: null });
    const missing = await svc.api('/v1/workflows/p_nope/test_event');
    expect(missing.status).toBe(404);
  });
});

describe('testing one step', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  const twoSteps = {
    name: 'Two steps',
    trigger: { type: 'http' },
    steps: [
      code('first', 'async run({ steps, $ }) { console.log("first sees", steps.trigger.event.body.name); $.export("who", steps.trigger.event.body.name); return 41; }'),
      code(
        'second',
        'props: { greeting: { type: "string" } }, async run({ steps, $ }) { await $.respond({ status: 200, body: "x" }); $.send.emit({ raw_event: { no: 1 } }); return { greeting: this.greeting, n: steps.first.$return_value + 1, env: process.env.TEST_GREETING, event: steps.trigger.event.body }; }',
        { configured_props: { greeting: '{{steps.first.who}} says {{process.env.TEST_GREETING}}' } },
      ),
    ],
  };
  const test = (id: string, step: string, body: unknown = {}) => svc.api(`/v1/workflows/${id}/steps/${step}/test`, { method: 'POST', json: body });

  it('runs one step with the given event and the earlier steps last tested exports; no run, no emit', async () => {
    await svc.json('/v1/env/TEST_GREETING', { method: 'PUT', json: { value: 'hello', secret: false } });
    const wf = await svc.createWorkflow(twoSteps);
    const emitted = await svc.createWorkflow({ name: 'listener', trigger: { type: 'manual' }, steps: [code('x', 'async run() {}')] });
    await svc.json(`/v1/subscriptions?emitter_id=${wf.id}&listener_id=${emitted.id}&event_name=`, { method: 'POST' });

    const r1 = await test(wf.id, 'first', { event: { body: { name: 'Grace' } } });
    expect(r1.status).toBe(200);
    const first = (await r1.json()).data;
    expect(first).toMatchObject({ status: 'success', $return_value: 41, exports: { who: 'Grace' }, error: null, inputs: { steps: {} } });
    expect(first.logs.map((l: { line: string }) => l.line)).toContain('first sees Grace');
    expect(typeof first.duration_ms).toBe('number');

    const r2 = await test(wf.id, 'second', { event: { body: { name: 'Edited' } } });
    const second = (await r2.json()).data;
    expect(second.error).toBeNull();
    expect(second.status).toBe("success");
    expect(second.inputs.steps.first).toEqual({ $return_value: 41, who: 'Grace' });
    expect(second.$return_value).toEqual({ greeting: 'Grace says hello', n: 42, env: 'hello', event: { name: 'Edited' } });
    // $.respond and $.send are not carried out in a test: the logs say so.
    const lines = second.logs.map((l: { line: string }) => l.line).join('\n');
    expect(lines).toMatch(/\$\.respond/);
    expect(lines).toMatch(/\$\.send\.emit/);

    // Given exports win over the last tested ones.
    const given = (await (await test(wf.id, 'second', { event: { body: {} }, steps: { first: { who: 'Given', $return_value: 1 } } })).json()).data;
    expect(given.$return_value).toMatchObject({ greeting: 'Given says hello', n: 2 });

    expect((await svc.json(`/v1/workflows/${wf.id}/runs`)).data).toEqual([]);
    expect((await svc.json(`/v1/workflows/${emitted.id}/runs`)).data).toEqual([]);
    expect((await svc.json(`/v1/workflows/${wf.id}/event_summaries`)).data).toEqual([]);
  });

  it('uses the exports of a newer successful run over an older test, and the test event by default', async () => {
    const wf = await svc.createWorkflow(twoSteps);
    await test(wf.id, 'first', { event: { body: { name: 'Tested' } } });
    await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Real' }) });
    const second = (await (await test(wf.id, 'second')).json()).data;
    expect(second.inputs.steps.first).toEqual({ $return_value: 41, who: 'Real' });
    // What each step's test would be given, for the UI to show before testing.
    const real = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    const last = (await svc.json(`/v1/workflows/${wf.id}/last_exports`)).data;
    expect(last.first).toMatchObject({ from: 'run', run_id: real.id, exports: { $return_value: 41, who: 'Real' } });
    expect(last.second).toMatchObject({ from: 'test', run_id: null });
    // No event given: the test event (the last real request).
    expect(second.$return_value.event).toEqual({ name: 'Real' });
  });

  it('shows a failing step with its error and stack; $.flow.delay does not wait', async () => {
    const wf = await svc.createWorkflow({
      name: 'Fails',
      trigger: { type: 'manual' },
      steps: [code('boom', 'async run() {\n  throw new Error("nope");\n}'), code('later', 'async run({ $ }) { $.flow.delay(60 * 60 * 1000); return "after"; }')],
    });
    const boom = (await (await test(wf.id, 'boom')).json()).data;
    expect(boom.status).toBe('error');
    expect(boom.error).toMatchObject({ code: 'Error', message: 'nope' });
    expect(boom.error.stack).toMatch(/nope/);
    const t0 = Date.now();
    const later = (await (await test(wf.id, 'later')).json()).data;
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(later.status).toBe('success');
    expect(later.$return_value).toBe('after');
    expect(later.logs.map((l: { line: string }) => l.line).join('\n')).toMatch(/\$\.flow\.delay/);
  });

  it('answers 404 for an unknown step and 400 for a bad body', async () => {
    const wf = await svc.createWorkflow(twoSteps);
    const unknown = await test(wf.id, 'nope');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toMatch(/nope/);
    expect((await test(wf.id, 'first', { steps: 5 })).status).toBe(400);
  });

  it('keeps a step test exports across a restart', async () => {
    let own = await startService();
    dirs.push(own.dataDir);
    try {
      const wf = (await own.json('/v1/workflows', { method: 'POST', json: twoSteps })).data;
      await own.json(`/v1/workflows/${wf.id}/steps/first/test`, { method: 'POST', json: { event: { body: { name: 'Kept' } } } });
      await own.stop();
      own = await startService({ dataDir: own.dataDir });
      const second = (await own.json(`/v1/workflows/${wf.id}/steps/second/test`, { method: 'POST', json: {} })).data;
      expect(second.inputs.steps.first).toEqual({ $return_value: 41, who: 'Kept' });
    } finally {
      await own.stop();
    }
  });
});
