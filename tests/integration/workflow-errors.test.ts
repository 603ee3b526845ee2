import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('$errors and subscriptions', () => {
  const svc = useService();

  const createWf = (body: object) => svc.createWorkflow(body);
  const runWf = (id: string, event?: unknown) => svc.runWorkflow(id, event);
  /** Finished runs, newest first (a run in progress is listed too, without its steps yet). */
  const runs = async (id: string) => (await svc.json(`/v1/workflows/${id}/runs?limit=100`)).data.filter((r: { status: string }) => r.status !== 'running');
  const errors = async (id: string, qs = '?expand=event') => svc.json(`/v1/workflows/${id}/$errors/event_summaries${qs}`);
  const subscribe = (emitter: string, listener: string, name: string) =>
    svc.api(`/v1/subscriptions?emitter_id=${emitter}&listener_id=${listener}&event_name=${encodeURIComponent(name)}`, { method: 'POST' });

  it('records a failing step as an $errors event shaped as the spec, keeping the trigger event', async () => {
    const wf = await createWf({
      name: 'Fails',
      trigger: { type: 'manual' },
      steps: [code('ok', 'async run() { return 1; }'), code('boom', 'async run() { null.property; }'), code('never', 'async run() {}')],
    });
    const run = await runWf(wf.id, { order: 42 });
    expect(run.status).toBe('error');
    expect(run.trigger.event).toEqual({ order: 42 });
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['success', 'error', 'skipped']);
    expect(run.steps[1].error).toMatchObject({ code: 'TypeError', message: expect.stringContaining('property') });
    const list = await errors(wf.id);
    expect(list.page_info.total_count).toBe(1);
    const [e] = list.data;
    expect(e.metadata).toMatchObject({ name: '$errors', emitter_id: wf.id });
    expect(e.event.original_event).toEqual({ order: 42 });
    expect(e.event.original_context).toMatchObject({
      id: run.id,
      workflow_id: wf.id,
      deployment_id: wf.deployment_id,
      source_type: 'manual',
      verified: false,
      owner_id: expect.stringMatching(/^u_/),
      platform_version: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(e.event.original_context.ts))).toBe(false);
    expect(e.event.error).toMatchObject({ code: 'TypeError', cellId: wf.steps[1].id, stack: expect.stringContaining('TypeError') });
    expect(Number.isNaN(Date.parse(e.event.error.ts))).toBe(false);
    const outbox = (await svc.json('/v1/outbox')).data;
    expect(outbox[0]).toMatchObject({ to: expect.any(String), subject: expect.stringContaining('Fails'), workflow_id: wf.id });
  });

  it('records a step that runs past the workflow deadline as TimeoutError', async () => {
    const wf = await createWf({ name: 'Slow', trigger: { type: 'manual' }, timeout_seconds: 1, steps: [code('spin', 'async run() { while (true) {} }')] });
    const run = await runWf(wf.id);
    expect(run.status).toBe('error');
    expect(run.steps[0].error.code).toBe('TimeoutError');
    expect((await errors(wf.id)).data[0].event.error.code).toBe('TimeoutError');
  });

  it('keeps only the most recent 100 errors', async () => {
    const wf = await createWf({ name: 'Many', trigger: { type: 'manual' }, steps: [code('boom', 'async run({ steps }) { throw new Error("n" + steps.trigger.event.n); }')] });
    for (let n = 0; n < 103; n++) await runWf(wf.id, { n });
    const list = await errors(wf.id, '?expand=event&limit=100');
    expect(list.page_info.total_count).toBe(100);
    expect(list.data[0].event.error.message).toBe('n102');
    expect(list.data[99].event.error.message).toBe('n3');
  });

  it('forwards $errors to a listener workflow with error, original_event and original_context', async () => {
    const failing = await createWf({ name: 'Breaks', trigger: { type: 'manual' }, steps: [code('boom', 'async run() { throw new RangeError("out of range"); }')] });
    const catcher = await createWf({ name: 'Catcher', trigger: { type: 'manual' }, steps: [code('catch', 'async run({ steps }) { return steps.trigger.event; }')] });
    const r = await subscribe(failing.id, catcher.id, '$errors');
    expect(r.status).toBe(200);
    expect((await r.json()).data).toMatchObject({ id: expect.stringMatching(/^sub_/), emitter_id: failing.id, listener_id: catcher.id, event_name: '$errors' });
    await runWf(failing.id, { why: 'test' });
    await waitFor(async () => (await runs(catcher.id)).length === 1);
    const got = (await runs(catcher.id))[0].steps[0].$return_value;
    expect(got.error).toMatchObject({ code: 'RangeError', cellId: failing.steps[0].id });
    expect(got.original_event).toEqual({ why: 'test' });
    expect(got.original_context.workflow_id).toBe(failing.id);
  });

  it('runs listeners only for the channel they subscribed to, and through globs', async () => {
    const src = await svc.createSource(`export default { name: "chan", version: "1", async run(e) { this.$emit(e, { name: e.channel }); } }`);
    const onA = await createWf({ name: 'On A', trigger: { type: 'manual' }, steps: [code('s', 'async run({ steps }) { return steps.trigger.event.n; }')] });
    const onAll = await createWf({ name: 'All sources', trigger: { type: 'manual' }, steps: [code('s', 'async run({ steps }) { return steps.trigger.event.n; }')] });
    expect((await subscribe(src.id, onA.id, 'a')).status).toBe(200);
    expect((await subscribe('dc_*', onAll.id, 'b')).status).toBe(200);
    await svc.runSource(src.id, { channel: 'a', n: 1 });
    await svc.runSource(src.id, { channel: 'b', n: 2 });
    await svc.runSource(src.id, { channel: 'a', n: 3 });
    await waitFor(async () => (await runs(onA.id)).length === 2 && (await runs(onAll.id)).length === 1);
    expect((await runs(onA.id)).map((r: { steps: { $return_value: number }[] }) => r.steps[0].$return_value)).toEqual([3, 1]);
    expect((await runs(onAll.id))[0].steps[0].$return_value).toBe(2);
  });

  it('stops a subscription loop after 16 hops and records it on $errors', async () => {
    const body = code('echo', 'async run({ steps, $ }) { $.send.emit({ n: (steps.trigger.event.n || 0) + 1 }); }');
    const a = await createWf({ name: 'A', trigger: { type: 'manual' }, steps: [body] });
    const b = await createWf({ name: 'B', trigger: { type: 'manual' }, steps: [body] });
    await subscribe(a.id, b.id, '');
    await subscribe(b.id, a.id, '');
    await runWf(a.id, { n: 0 });
    const loopErrors = async () => {
      const all = [...(await errors(a.id)).data, ...(await errors(b.id)).data];
      return all.filter((e: { event: { error: { code: string } } }) => e.event.error.code === 'SubscriptionLoopError');
    };
    await waitFor(async () => (await loopErrors()).length === 1, 10_000);
    const total = (await runs(a.id)).length + (await runs(b.id)).length;
    expect(total).toBe(17);
    const emitted = (await svc.json(`/v1/workflows/${a.id}/event_summaries?limit=100`)).data;
    expect(Math.max(...emitted.map((e: { metadata: { hops?: number } }) => e.metadata.hops ?? 0))).toBe(16);
  });

  it('lists, deletes and validates subscriptions', async () => {
    const wf = await createWf({ name: 'L', trigger: { type: 'manual' }, steps: [] });
    const src = await svc.createSource(`export default { name: "x", version: "1", async run() {} }`);
    expect((await subscribe(src.id, wf.id, '')).status).toBe(200);
    expect((await svc.json('/v1/users/me/subscriptions')).data).toContainEqual(expect.objectContaining({ emitter_id: src.id, listener_id: wf.id, event_name: '' }));
    expect((await subscribe('dc_nope', wf.id, '')).status).toBe(404);
    expect((await subscribe(src.id, 'p_nope', '')).status).toBe(404);
    expect((await svc.api(`/v1/subscriptions?emitter_id=${src.id}&listener_id=${wf.id}`, { method: 'POST' })).status).toBe(400);
    const del = await svc.api(`/v1/subscriptions?emitter_id=${src.id}&listener_id=${wf.id}&event_name=`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await svc.json('/v1/users/me/subscriptions')).data.some((s: { emitter_id: string }) => s.emitter_id === src.id)).toBe(false);
    expect((await svc.api(`/v1/subscriptions?emitter_id=${src.id}&listener_id=${wf.id}&event_name=`, { method: 'DELETE' })).status).toBe(404);
  });
});
