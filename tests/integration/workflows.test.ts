import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('workflows', () => {
  const svc = useService();

  const createWf = (body: object) => svc.createWorkflow(body);
  const runWf = (id: string, event?: unknown) => svc.runWorkflow(id, event);

  it('passes data between steps: return values, exports, summaries, expressions', async () => {
    const wf = await createWf({
      name: 'Data passing',
      trigger: { type: 'manual' },
      steps: [
        code('first', `async run({ steps, $ }) { $.export("$summary", "first ran"); $.export("who", steps.trigger.event.name); return { n: 41 }; }`),
        code('second', `props: { n: { type: "integer" }, text: { type: "string" } }, async run() { return { n: this.n + 1, text: this.text }; }`, {
          configured_props: { n: '{{steps.first.$return_value.n}}', text: 'Hi {{steps.first.who}}!' },
        }),
        code('third', `async run({ steps }) { return steps.second.$return_value.n === 42 && typeof steps.second.$return_value.n; }`),
      ],
    });
    expect(wf.id).toMatch(/^p_/);
    expect(wf.deployment_id).toMatch(/^d_/);
    expect(wf.steps.map((s: { id: string }) => s.id).every((id: string) => id.startsWith('c_'))).toBe(true);
    expect(wf.timeout_seconds).toBe(30);
    const run = await runWf(wf.id, { name: 'Ada' });
    expect(run.status).toBe('success');
    expect(run.trigger.event).toEqual({ name: 'Ada' });
    expect(run.steps[0]).toMatchObject({ name: 'first', status: 'success', summary: 'first ran', exports: { who: 'Ada' }, $return_value: { n: 41 } });
    expect(run.steps[1].$return_value).toEqual({ n: 42, text: 'Hi Ada!' });
    expect(run.steps[2].$return_value).toBe('number');
    expect(typeof run.steps[0].duration_ms).toBe('number');
    const listed = await svc.json(`/v1/workflows/${wf.id}/runs`);
    expect(listed.data[0].id).toBe(run.id);
    expect((await svc.json(`/v1/workflows/${wf.id}/runs/${run.id}`)).data.status).toBe('success');
  });

  it('keeps step logs, and variables stay scoped to their step', async () => {
    const wf = await createWf({
      name: 'Scopes',
      trigger: { type: 'manual' },
      steps: [code('a', `async run() { globalThis.leak = 1; var x = 5; console.log("in a", x); }`), code('b', `async run() { return typeof x + "/" + typeof globalThis.leak; }`)],
    });
    const run = await runWf(wf.id);
    expect(run.steps[0].logs.map((l: { line: string }) => l.line)).toEqual(['in a 5']);
    expect(run.steps[1].$return_value).toBe('undefined/undefined');
  });

  it('ends a run with $.flow.exit, with or without return, and skips later steps', async () => {
    for (const call of ['return $.flow.exit("nothing to do")', '$.flow.exit("nothing to do"); throw new Error("not reached")']) {
      const wf = await createWf({
        name: 'Exit',
        trigger: { type: 'manual' },
        steps: [code('check', `async run({ $ }) { ${call}; }`), code('after', `async run() { return "ran"; }`)],
      });
      const run = await runWf(wf.id);
      expect(run.status).toBe('exited');
      expect(run.exit_reason).toBe('nothing to do');
      expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['exited', 'skipped']);
    }
  });

  it('answers the HTTP trigger with $.respond, or 400 when the workflow never responds', async () => {
    const wf = await createWf({
      name: 'Responder',
      trigger: { type: 'http' },
      steps: [code('answer', `async run({ steps, $ }) { if (steps.trigger.event.body.respond) await $.respond({ status: 202, headers: { "x-wf": "yes" }, body: { echo: steps.trigger.event.body } }); }`)],
    });
    expect(wf.trigger.endpoint_url).toMatch(/\/e\/[A-Za-z0-9]{22}$/);
    const r = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"respond":true}' });
    expect(r.status).toBe(202);
    expect(r.headers.get('x-wf')).toBe('yes');
    expect(await r.json()).toEqual({ echo: { respond: true } });
    const none = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"respond":false}' });
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toBe('No $.respond called in workflow');
    const broken = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' });
    expect(broken.status).toBe(500);
    expect((await broken.json()).error.message).toMatch(/Step "answer" failed before \$\.respond: TypeError/);
  });

  it('answers an HTTP trigger without $.respond at once and runs the workflow', async () => {
    const wf = await createWf({ name: 'Hook', trigger: { type: 'http' }, steps: [code('s', `async run({ steps }) { return steps.trigger.event.method; }`)] });
    const r = await fetch(wf.trigger.endpoint_url, { method: 'PUT' });
    expect(r.status).toBe(200);
    await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0]?.status === 'success');
    expect((await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0].steps[0].$return_value).toBe('PUT');
  });

  it('runs on a timer with a timer-shaped event and a 60 s default deadline', async () => {
    const wf = await createWf({ name: 'Ticker', trigger: { type: 'timer', intervalSeconds: 1 }, steps: [code('s', `async run({ steps }) { return steps.trigger.event; }`)] });
    expect(wf.trigger).toEqual({ type: 'timer', cron: null, interval_seconds: 1 });
    expect(wf.timeout_seconds).toBe(60);
    await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.some((r: { status: string }) => r.status === 'success'), 5000);
    expect((await svc.json(`/v1/workflows/${wf.id}/runs`)).data.find((r: { status: string }) => r.status === 'success').steps[0].$return_value).toMatchObject({ interval_seconds: 1 });
    await svc.api(`/v1/workflows/${wf.id}`, { method: 'DELETE' });
  });

  it('runs on a source: the source trigger is a listed subscription to its default channel', async () => {
    const src = await svc.createSource(`export default { name: "s", version: "1", async run(e) { this.$emit({ v: e.v }); this.$emit({ side: true }, { name: "other" }); } }`);
    const wf = await createWf({ name: 'On source', trigger: { type: 'source', source_id: src.id }, steps: [code('s', `async run({ steps }) { return steps.trigger.event; }`)] });
    const subs = (await svc.json('/v1/users/me/subscriptions')).data;
    expect(subs).toContainEqual({ id: expect.stringMatching(/^sub_/), emitter_id: src.id, listener_id: wf.id, event_name: '' });
    await svc.runSource(src.id, { v: 7 });
    await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0]?.status === 'success');
    const [run] = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data;
    expect(run.steps[0].$return_value).toEqual({ v: 7 });
    expect(run.trigger.context).toMatchObject({ workflow_id: wf.id, emitter_id: src.id, source_type: 'subscription' });
  });

  it('uses action components as steps, by key and by code, and refuses a source as a step', async () => {
    const action = `export default { name: "Add", key: "test-add", version: "0.1.0", type: "action", props: { a: { type: "integer" }, b: { type: "integer", default: 1 } },
      async run({ $ }) { $.export("$summary", "added"); return this.a + this.b; } }`;
    await svc.json('/v1/components', { method: 'POST', json: { component_code: action } });
    const wf = await createWf({
      name: 'Actions',
      trigger: { type: 'manual' },
      steps: [
        { name: 'add', key: 'test-add', configured_props: { a: 2 } },
        { name: 'again', component_code: action, configured_props: { a: '{{steps.add.$return_value}}', b: 10 } },
      ],
    });
    expect(wf.steps[0].component_key).toBe('test-add');
    const run = await runWf(wf.id);
    expect(run.steps.map((s: { $return_value: number }) => s.$return_value)).toEqual([3, 13]);
    expect(run.steps[0].summary).toBe('added');
    const bad = await svc.api('/v1/workflows', {
      method: 'POST',
      json: { name: 'x', trigger: { type: 'manual' }, steps: [{ name: 's', component_code: 'export default { name: "src", version: "1", async run() {} }' }] },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/source/);
    const missing = await svc.api('/v1/workflows', { method: 'POST', json: { name: 'x', trigger: { type: 'manual' }, steps: [{ name: 's', key: 'test-add' }] } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/missing required prop: a/);
  });

  it('refuses bad workflow bodies with clear 4xx errors', async () => {
    const bad = [
      [{ trigger: { type: 'manual' }, steps: [] }, /name/],
      [{ name: 'x', trigger: { type: 'carrier-pigeon' }, steps: [] }, /trigger.type/],
      [{ name: 'x', trigger: { type: 'source', source_id: 'dc_nope' }, steps: [] }, /dc_nope/],
      [{ name: 'x', trigger: { type: 'manual' }, steps: [{ name: 'trigger', code: 'x' }] }, /reserved/],
      [{ name: 'x', trigger: { type: 'manual' }, steps: [code('a', 'async run() {}'), code('a', 'async run() {}')] }, /unique/],
      [{ name: 'x', trigger: { type: 'manual' }, steps: [{ name: 'a', code: 'export default defineComponent({ run() { ' }] }, /parse/],
      [{ name: 'x', trigger: { type: 'timer', cron: 'often' }, steps: [] }, /cron/],
    ] as const;
    for (const [body, message] of bad) {
      const r = await svc.api('/v1/workflows', { method: 'POST', json: body });
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect((await r.json()).error.message).toMatch(message);
    }
    expect((await svc.api('/v1/workflows/p_nope')).status).toBe(404);
    expect((await svc.api('/v1/workflows/p_nope/run', { method: 'POST', json: {} })).status).toBe(404);
  });

  it('updates and deletes, keeping the id; lists newest first', async () => {
    const wf = await createWf({ name: 'Versions', trigger: { type: 'manual' }, steps: [code('s', 'async run() { return 1; }')] });
    const up = (await svc.json(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { name: 'Versions 2', steps: [code('s', 'async run() { return 2; }')] } })).data;
    expect(up.id).toBe(wf.id);
    expect(up.name).toBe('Versions 2');
    expect(up.steps[0].id).toBe(wf.steps[0].id);
    expect((await runWf(wf.id)).steps[0].$return_value).toBe(2);
    const list = await svc.json('/v1/users/me/workflows?limit=2');
    expect(list.data[0].id).not.toBe(undefined);
    expect(list.page_info.count).toBe(2);
    expect((await svc.api(`/v1/workflows/${wf.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await svc.api(`/v1/workflows/${wf.id}`)).status).toBe(404);
  });

  it('gives a step this.db, kept across runs, and $.context with the run ids', async () => {
    const wf = await createWf({
      name: 'Counter',
      trigger: { type: 'manual' },
      steps: [code('count', `props: { db: "$.service.db" }, async run({ $ }) { const n = (this.db.get("n") || 0) + 1; this.db.set("n", n); return { n, ctx: $.context }; }`)],
    });
    await runWf(wf.id);
    const second = await runWf(wf.id);
    const { n, ctx } = second.steps[0].$return_value;
    expect(n).toBe(2);
    expect(ctx).toMatchObject({ id: second.id, workflow_id: wf.id, deployment_id: wf.deployment_id, owner_id: expect.stringMatching(/^u_/) });
    expect(typeof ctx.deadline).toBe('number');
  });
});

