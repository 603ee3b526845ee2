// Issue #18 item 4: a source keeps each invocation's trigger input (the HTTP request as run(event)
// received it, a timer event, a manual run's event) with the events it emitted, re-runs *that*,
// and offers a test event (the last real trigger, else a sample).
import { describe, expect, it } from 'vitest';
import { startService, useService, waitFor } from '../helpers/service';
import { timerSource } from '../fixtures/components';
import { openSse } from '../helpers/sse';

const greeter = (respond = '') => `
export default {
  name: "Greeter hook",
  version: "0.1.0",
  props: { http: { type: "$.interface.http", customResponse: ${respond ? 'true' : 'false'} } },
  async run(event) {
    ${respond}
    this.$emit({ name: event.body.name, method: event.method, path: event.path, q: event.query.q ?? null });
  },
};
`;

const post = (endpoint: string, body: unknown, path = '') =>
  fetch(`${endpoint}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('source trigger inputs: re-run and test events', () => {
  const svc = useService();

  const rerun = (id: string, eventId: string, body?: unknown) =>
    svc.api(`/v1/sources/${id}/events/${eventId}/rerun`, { method: 'POST', ...(body === undefined ? {} : { json: body }) });

  it('says which invocation produced each event (metadata.trigger_id), in summaries, SSE frames and run answers', async () => {
    const src = await svc.createSource(greeter());
    const endpoint = src.configured_props.http.endpoint_url;
    const sse = await openSse(`${svc.url}/sources/${src.id}/sse`, { authorization: `Bearer ${svc.apiKey}` });
    try {
      expect((await post(endpoint, { name: 'Grace' })).status).toBe(200);
      await sse.waitForFrames(1);
    } finally {
      sse.close();
    }
    const [e] = await svc.events(src.id);
    expect(e.metadata.trigger_id).toMatch(/^i_/);
    expect(sse.frames[0].data.metadata.trigger_id).toBe(e.metadata.trigger_id);
    const run = await svc.runSource(src.id, { body: { name: 'Manual' }, method: 'GET', path: '/', query: {} });
    expect(run.emitted[0].metadata.trigger_id).toMatch(/^i_/);
    expect(run.emitted[0].metadata.trigger_id).not.toBe(e.metadata.trigger_id);
  });

  it('re-runs the original HTTP request of an emitted event (event.body, method, path and query as first received)', async () => {
    const src = await svc.createSource(greeter());
    const endpoint = src.configured_props.http.endpoint_url;
    await post(endpoint, { name: 'Grace' }, '/hooks/x?q=1');
    await waitFor(async () => (await svc.events(src.id)).length === 1);
    const [first] = await svc.events(src.id);
    expect(first.event).toEqual({ name: 'Grace', method: 'POST', path: '/hooks/x', q: '1' });

    // The input can be read before it is re-run (the UI shows it, editable).
    const input = (await svc.json(`/v1/sources/${src.id}/events/${first.id}/input`)).data;
    expect(input).toMatchObject({ kind: 'http', trigger_id: first.metadata.trigger_id });
    expect(input.event).toMatchObject({ method: 'POST', path: '/hooks/x', query: { q: '1' }, body: { name: 'Grace' }, bodyRaw: '{"name":"Grace"}' });
    expect(typeof input.ts).toBe('number');

    const r = await rerun(src.id, first.id);
    expect(r.status).toBe(200);
    const { data } = await r.json();
    expect(data.ok).toBe(true);
    expect(data.error).toBeNull();
    expect(typeof data.duration_ms).toBe('number');
    expect(data.emitted.map((x: any) => x.event)).toEqual([{ name: 'Grace', method: 'POST', path: '/hooks/x', q: '1' }]);
    // Re-running the re-run's event runs the same request again.
    const again = (await (await rerun(src.id, data.emitted[0].id)).json()).data;
    expect(again.emitted[0].event.name).toBe('Grace');
  });

  it('re-runs an edited input when the body carries one', async () => {
    const src = await svc.createSource(greeter());
    await post(src.configured_props.http.endpoint_url, { name: 'Grace' });
    await waitFor(async () => (await svc.events(src.id)).length === 1);
    const [first] = await svc.events(src.id);
    const edited = { method: 'PUT', path: '/edited', query: {}, headers: {}, body: { name: 'Edited' }, bodyRaw: '{"name":"Edited"}' };
    const { data } = await (await rerun(src.id, first.id, { event: edited })).json();
    expect(data.emitted[0].event).toEqual({ name: 'Edited', method: 'PUT', path: '/edited', q: null });
  });

  it('makes respond() a no-op in a re-run (no HTTP caller waits): the run succeeds and emits', async () => {
    const src = await svc.createSource(greeter('this.http.respond({ status: 201, body: { hi: event.body.name } });'));
    const answer = await post(src.configured_props.http.endpoint_url, { name: 'Grace' });
    expect(answer.status).toBe(201);
    await waitFor(async () => (await svc.events(src.id)).length === 1);
    const [first] = await svc.events(src.id);
    const { data } = await (await rerun(src.id, first.id)).json();
    expect(data.ok).toBe(true);
    expect(data.emitted[0].event.name).toBe('Grace');
    expect(await svc.logText(src.id)).not.toMatch(/respond/i);
  });

  it('answers 404 for an unknown event and 409 for an event whose input is not kept', async () => {
    const src = await svc.createSource(`
export default {
  name: "Deploy emitter",
  version: "0.1.0",
  props: { http: "$.interface.http" },
  hooks: { async deploy() { this.$emit({ from: "deploy" }); } },
  async run(event) { this.$emit({ name: event.body?.name }); },
};`);
    const missing = await rerun(src.id, '1606511826306-0');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toMatch(/1606511826306-0/);
    const [hookEvent] = await svc.events(src.id);
    expect(hookEvent.event).toEqual({ from: 'deploy' });
    const notKept = await rerun(src.id, hookEvent.id);
    expect(notKept.status).toBe(409);
    expect((await notKept.json()).error.message).toMatch(/not kept/);
    expect((await svc.api(`/v1/sources/${src.id}/events/${hookEvent.id}/input`)).status).toBe(409);
  });

  it('offers a test event: a sample HTTP request before the first one, then the last real request (manual runs never count)', async () => {
    const src = await svc.createSource(greeter());
    const endpoint = src.configured_props.http.endpoint_url;
    const fresh = (await svc.json(`/v1/sources/${src.id}/test_event`)).data;
    expect(fresh.from).toBe('sample');
    expect(fresh.trigger_id).toBeNull();
    expect(fresh.event).toMatchObject({ method: 'POST', body: { name: 'Ada' } });
    expect(fresh.event.url).toBe(endpoint);
    // The sample runs as is: Run now with it emits Ada.
    expect((await svc.runSource(src.id, fresh.event)).emitted[0].event.name).toBe('Ada');
    // A manual run is not a real trigger.
    expect((await svc.json(`/v1/sources/${src.id}/test_event`)).data.from).toBe('sample');

    await post(endpoint, { name: 'Grace' }, '/p?q=2');
    await waitFor(async () => (await svc.events(src.id)).length === 2);
    const last = (await svc.json(`/v1/sources/${src.id}/test_event`)).data;
    expect(last.from).toBe('last_trigger');
    expect(last.trigger_id).toMatch(/^i_/);
    expect(typeof last.ts).toBe('number');
    expect(last.event).toMatchObject({ method: 'POST', path: '/p', query: { q: '2' }, body: { name: 'Grace' } });
    const [newest] = await svc.events(src.id);
    expect(newest.metadata.trigger_id).toBe(last.trigger_id);
  });

  it('offers the request received after a timer firing on an advanced clock (arrival order, not the firing\'s virtual time)', async () => {
    const src = await svc.createSource(`
export default {
  name: "Hook and ticker",
  version: "0.1.0",
  props: { http: "$.interface.http", timer: { type: "$.interface.timer", default: { intervalSeconds: 3600 } } },
  async run(event) { this.$emit({ from: event.body ? "http" : "timer" }); },
};`);
    // A day ahead: the firings run with the timestamps they would have had, a day from now.
    const { data: advanced } = await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 86_400 } });
    expect(advanced.runs.length).toBeGreaterThan(0);
    await post(src.configured_props.http.endpoint_url, { name: 'Grace' });
    await waitFor(async () => (await svc.events(src.id, '&limit=100'))[0]?.event.from === 'http');
    const [newest] = await svc.events(src.id);
    const test = (await svc.json(`/v1/sources/${src.id}/test_event`)).data;
    expect(test.event).toMatchObject({ method: 'POST', body: { name: 'Grace' } });
    expect(test.trigger_id).toBe(newest.metadata.trigger_id);
  });

  it('offers a timer source a sample timer event', async () => {
    const src = await svc.createSource(timerSource(3600));
    const { data } = await svc.json(`/v1/sources/${src.id}/test_event`);
    expect(data.from).toBe('sample');
    expect(data.event).toMatchObject({ interval_seconds: 3600 });
    expect(typeof data.event.timestamp).toBe('number');
  });
});

describe('kept trigger inputs are as durable as the events', () => {
  it('re-runs the original request after a restart', async () => {
    let svc = await startService();
    const dataDir = svc.dataDir;
    try {
      const src = await svc.createSource(greeter());
      await post(src.configured_props.http.endpoint_url, { name: 'Grace' });
      await waitFor(async () => (await svc.events(src.id)).length === 1);
      await svc.stop();
      svc = await startService({ dataDir });
      const [first] = await svc.events(src.id);
      const r = await svc.api(`/v1/sources/${src.id}/events/${first.id}/rerun`, { method: 'POST' });
      expect(r.status).toBe(200);
      expect((await r.json()).data.emitted[0].event.name).toBe('Grace');
      expect((await svc.json(`/v1/sources/${src.id}/test_event`)).data.from).toBe('last_trigger');
    } finally {
      await svc.stop();
    }
  });
});
