// A workflow's execution controls over HTTP against the real service: concurrency, throttle
// (moved by the virtual clock), a bounded queue refusing with 429 and Event Queue Full on
// $errors, the timeout and memory settings, and warnings for the hosted payload limits.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

const sleepStep = (ms: number) => code('nap', `async run({ steps }) { await new Promise((r) => setTimeout(r, ${ms})); return steps.trigger.event; }`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('workflow execution controls', () => {
  const svc = useService();

  const put = (id: string, body: object) => svc.api(`/v1/workflows/${id}`, { method: 'PUT', json: body });
  const runs = async (id: string) => (await svc.json(`/v1/workflows/${id}/runs`)).data as { status: string; started_at: number; ended_at: number; trigger: { event: unknown } }[];

  it('shows the hosted defaults, validates each setting, and keeps what is set', async () => {
    const http = await svc.createWorkflow({ name: 'Defaults http', trigger: { type: 'http' }, steps: [code('a', 'async run() {}')] });
    expect(http).toMatchObject({ concurrency: null, throttle: null, queue_size: 100, memory_mb: 256, timeout_seconds: 30 });
    const manual = await svc.createWorkflow({ name: 'Defaults manual', trigger: { type: 'manual' }, steps: [code('a', 'async run() {}')] });
    expect(manual).toMatchObject({ concurrency: 1, throttle: null, queue_size: 100, memory_mb: 256 });
    for (const [body, message] of [
      [{ memory_mb: 128 }, /memory_mb must be at least 256/],
      [{ memory_mb: 20_000 }, /memory_mb must be at most 10240/],
      [{ timeout_seconds: 751 }, /timeout_seconds must be at most 750/],
      [{ concurrency: 0 }, /concurrency must be at least 1/],
      [{ queue_size: 10_001 }, /queue_size must be at most 10000/],
      [{ throttle: { limit: 10_001, unit: 'minute' } }, /throttle.limit must be at most 10000/],
      [{ throttle: { limit: 1, unit: 'day' } }, /throttle.unit must be second, minute or hour/],
    ] as const) {
      const res = await put(manual.id, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(message);
    }
    const res = await put(manual.id, { memory_mb: 1024, concurrency: 3, queue_size: 5, throttle: { limit: 10, unit: 'second' } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ memory_mb: 1024, concurrency: 3, queue_size: 5, throttle: { limit: 10, interval: 1, unit: 'second' } });
    expect((await svc.json(`/v1/workflows/${manual.id}`)).data).toMatchObject({ concurrency: 3, memory_mb: 1024 });
    // null puts a setting back: unlimited workers, no throttle.
    expect((await (await put(manual.id, { concurrency: null, throttle: null })).json()).data).toMatchObject({ concurrency: null, throttle: null });
  });

  it('concurrency 2 runs two slow runs at once; the default of 1 runs them one after the other', async () => {
    const one = await svc.createWorkflow({ name: 'One worker', trigger: { type: 'manual' }, steps: [sleepStep(600)] });
    const two = await svc.createWorkflow({ name: 'Two workers', trigger: { type: 'manual' }, steps: [sleepStep(600)], concurrency: 2 });
    for (const wf of [one, two]) await Promise.all([1, 2].map((n) => svc.runWorkflow(wf.id, { n })));
    const [b1, a1] = await runs(one.id);
    expect(b1.started_at).toBeGreaterThanOrEqual(a1.ended_at);
    const [b2, a2] = await runs(two.id);
    // Both had started before either ended.
    expect(Math.max(a2.started_at, b2.started_at)).toBeLessThan(Math.min(a2.ended_at, b2.ended_at));
  });

  it('throttle 2 per minute runs two and holds the third until the virtual clock passes the minute', async () => {
    const wf = await svc.createWorkflow({ name: 'Throttled', trigger: { type: 'manual' }, steps: [code('a', 'async run({ steps }) { return steps.trigger.event; }')], throttle: { limit: 2, unit: 'minute' } });
    const done = [1, 2, 3].map((n) => svc.runWorkflow(wf.id, { n }));
    await Promise.all(done.slice(0, 2));
    await sleep(400);
    expect((await runs(wf.id)).map((r) => r.trigger.event)).toEqual([{ n: 2 }, { n: 1 }]);
    const adv = await svc.json(`/v1/workflows/${wf.id}/clock/advance`, { method: 'POST', json: { seconds: 60 } });
    expect(adv.data).toMatchObject({ fired: 0, offset_seconds: 60 });
    expect((await done[2]).trigger.event).toEqual({ n: 3 });
  });

  it('throttle 0 pauses the queue: events wait, settings still change meanwhile, and a non-zero throttle lets them run', async () => {
    const wf = await svc.createWorkflow({ name: 'Paused queue', trigger: { type: 'http' }, steps: [code('a', 'async run({ steps }) { return steps.trigger.event.body; }')], throttle: { limit: 0, unit: 'minute' }, concurrency: 1 });
    expect(wf.throttle).toEqual({ limit: 0, interval: 1, unit: 'minute' });
    const post = (n: number) => fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) });
    for (const n of [1, 2]) expect((await post(n)).status).toBe(200);
    await sleep(400);
    expect(await runs(wf.id)).toEqual([]);
    // A paused queue is not a stuck one: an update (or a delete) goes through at once.
    const res = await svc.api(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { throttle: { limit: 5, interval: 1, unit: 'minutes' } }, signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect((await res.json()).data.throttle).toEqual({ limit: 5, interval: 1, unit: 'minute' });
    await waitFor(async () => (await runs(wf.id)).filter((r) => r.status === 'success').length === 2, 5000);
    // One worker, so the held events run in the order they came (the list is newest first).
    expect((await runs(wf.id)).map((r) => (r.trigger.event as { body: unknown }).body)).toEqual([{ n: 2 }, { n: 1 }]);
  });

  it('a full queue refuses the webhook with 429 and records Event Queue Full on $errors', async () => {
    const wf = await svc.createWorkflow({ name: 'Small queue', trigger: { type: 'http' }, steps: [sleepStep(800)], concurrency: 1, queue_size: 1 });
    const url = wf.trigger.endpoint_url as string;
    const post = (n: number) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) });
    expect((await post(1)).status).toBe(200);
    await waitFor(async () => (await runs(wf.id)).length === 1);
    expect((await post(2)).status).toBe(200);
    const refused = await post(3);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toMatch(/Event Queue Full/);
    const errorsOf = async () => (await svc.json(`/v1/workflows/${wf.id}/$errors/event_summaries?expand=event`)).data;
    await waitFor(async () => (await errorsOf()).length > 0);
    const errors = await errorsOf();
    expect(errors).toHaveLength(1);
    expect(errors[0].event.error).toMatchObject({ code: 'EventQueueFull', message: expect.stringMatching(/^Event Queue Full/) });
    expect(errors[0].event.original_event.body).toEqual({ n: 3 });
    await waitFor(async () => (await runs(wf.id)).filter((r) => r.status === 'success').length === 2, 5000);
  });

  it('enforces the timeout setting', async () => {
    const wf = await svc.createWorkflow({ name: 'Short deadline', trigger: { type: 'manual' }, steps: [sleepStep(3000)], timeout_seconds: 1 });
    const t0 = Date.now();
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('error');
    expect(run.steps[0].error.code).toBe('TimeoutError');
    expect(Date.now() - t0).toBeLessThan(2800);
  });

  it('warns in the run when it passes a hosted payload limit, and when its memory is over the runner cap', async () => {
    const wf = await svc.createWorkflow({
      name: 'Big exports',
      trigger: { type: 'manual' },
      memory_mb: 1024,
      steps: [code('big', `async run({ $ }) { $.export("blob", "x".repeat(7 * 1024 * 1024)); }`), code('after', 'async run() { return 1; }')],
    });
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('success');
    const lines = run.steps[0].logs.map((l: { line: string }) => l.line).join('\n');
    expect(lines).toMatch(/\[runnel\] warning: memory: this workflow asks for 1024 MB.*memory cap of 256 MB/);
    expect(lines).toMatch(/\[runnel\] warning: hosted limit: .*7\.0 MB after step "big".*over 6\.0 MB/);
    expect(run.steps[1].logs).toEqual([]);
  });
});
