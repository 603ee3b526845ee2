import { describe, expect, it } from 'vitest';
import { httpSource } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('HTTP sources', () => {
  const svc = useService();

  const create = (code: string, extra?: object) => svc.createSource(code, extra);
  const events = (id: string) => svc.events(id);

  it('shows the endpoint, answers 200 at once and emits the request as the event', async () => {
    const src = await create(httpSource(false));
    const endpoint = src.configured_props.http.endpoint_url as string;
    expect(endpoint.startsWith(svc.url + '/e/')).toBe(true);
    const r = await fetch(`${endpoint}/hooks/github?x=1&x=2&y=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Custom': 'Yes' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(r.status).toBe(200);
    await waitFor(async () => (await events(src.id)).length === 1);
    const [e] = await events(src.id);
    expect(e.metadata.summary).toBe('POST /hooks/github');
    expect(e.event).toMatchObject({
      method: 'POST',
      path: '/hooks/github',
      query: { x: ['1', '2'], y: '3' },
      bodyRaw: '{"hello":"world"}',
      body: { hello: 'world' },
      client_ip: '127.0.0.1',
    });
    expect(e.event.headers['x-custom']).toBe('Yes');
    expect(e.event.url).toBe(`${endpoint}/hooks/github?x=1&x=2&y=3`);
  });

  it('parses form bodies and keeps other bodies raw', async () => {
    const src = await create(httpSource(false));
    const endpoint = src.configured_props.http.endpoint_url;
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two' });
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'just text' });
    await waitFor(async () => (await events(src.id)).length === 2);
    const [text, form] = await events(src.id);
    expect(form.event.body).toEqual({ a: '1', b: 'two' });
    expect(text.event.body).toBe('just text');
  });

  it('lets a customResponse source answer with respond(), a numeric string status included', async () => {
    const src = await create(
      httpSource(true, `this.http.respond({ status: event.query.s || "201", headers: { "x-made-by": "runnel" }, body: { got: event.body } });`),
    );
    const endpoint = src.configured_props.http.endpoint_url;
    const r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(r.status).toBe(201);
    expect(r.headers.get('x-made-by')).toBe('runnel');
    expect(await r.json()).toEqual({ got: { a: 1 } });
    const teapot = await fetch(`${endpoint}?s=418`);
    expect(teapot.status).toBe(418);
  });

  it('frames a component answer itself: a Content-Length or Transfer-Encoding the component sets is replaced by the true length', async () => {
    const src = await create(
      httpSource(true, `this.http.respond({ status: 200, headers: { "Content-Length": "999", "transfer-encoding": "chunked" }, body: "short" });`),
    );
    const r = await fetch(src.configured_props.http.endpoint_url, { signal: AbortSignal.timeout(5000) });
    expect(r.headers.get('content-length')).toBe('5');
    expect(r.headers.get('transfer-encoding')).toBeNull();
    expect(await r.text()).toBe('short');
  });

  it('sandboxes component answers so a page among them cannot act as the web UI', async () => {
    const src = await create(
      httpSource(true, `this.http.respond({ status: 200, headers: { "content-type": "text/html", "Content-Security-Policy": "img-src 'none'" }, body: "<script>fetch('/v1/sources')</script>" });`),
    );
    const r = await fetch(src.configured_props.http.endpoint_url);
    expect(r.headers.get('content-type')).toBe('text/html');
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("img-src 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 504 when a customResponse source never responds', async () => {
    const src = await create(httpSource(true, 'await new Promise((r) => setTimeout(r, 5000));'), { timeout_seconds: 1 });
    const r = await fetch(src.configured_props.http.endpoint_url, { method: 'POST' });
    expect(r.status).toBe(504);
    expect((await r.json()).error.code).toBe('gateway_timeout');
  });

  it('answers 504 with what happened when a customResponse source finishes without responding', async () => {
    const src = await create(httpSource(true, ''));
    const r = await fetch(src.configured_props.http.endpoint_url, { method: 'POST' });
    expect(r.status).toBe(504);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.json()).toEqual({ error: { code: 'gateway_timeout', message: 'The source finished without calling respond()' } });
  });

  it('refuses bodies over 512 KB with 413', async () => {
    const src = await create(httpSource(false));
    const r = await fetch(src.configured_props.http.endpoint_url, { method: 'POST', body: 'x'.repeat(512 * 1024 + 1) });
    expect(r.status).toBe(413);
    const ok = await fetch(src.configured_props.http.endpoint_url, { method: 'POST', body: 'x'.repeat(512 * 1024) });
    expect(ok.status).toBe(200);
  });

  it('answers OPTIONS with CORS headers', async () => {
    const src = await create(httpSource(false));
    const r = await fetch(src.configured_props.http.endpoint_url, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(r.status).toBeLessThan(300);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(r.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('answers 429 with Retry-After when the source queue is full', async () => {
    await svc.json('/v1/settings', { method: 'PUT', json: { source_queue_length: 2 } });
    try {
      const src = await create(httpSource(false, 'await new Promise((r) => setTimeout(r, 1500));'));
      const endpoint = src.configured_props.http.endpoint_url;
      const statuses = await Promise.all(Array.from({ length: 6 }, () => fetch(endpoint, { method: 'POST' }).then((r) => [r.status, r.headers.get('retry-after')])));
      expect(statuses.filter(([s]) => s === 200).length).toBeGreaterThanOrEqual(2);
      const refused = statuses.filter(([s]) => s === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0][1]).toBe('1');
    } finally {
      await svc.json('/v1/settings', { method: 'PUT', json: { source_queue_length: 1000 } });
    }
  });

  it('answers 404 on the endpoint of an inactive source, and 200 again once reactivated', async () => {
    const src = await create(httpSource(false));
    const endpoint = src.configured_props.http.endpoint_url;
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { active: false } });
    expect((await fetch(endpoint, { method: 'POST' })).status).toBe(404);
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { active: true } });
    expect((await fetch(endpoint, { method: 'POST' })).status).toBe(200);
    await svc.api(`/v1/sources/${src.id}`, { method: 'DELETE' });
    expect((await fetch(endpoint, { method: 'POST' })).status).toBe(404);
  });

  it('gives the component its endpoint as this.http.endpoint', async () => {
    const src = await create(`export default { name: "ep", version: "1", props: { http: "$.interface.http" }, async run() { this.$emit({ endpoint: this.http.endpoint }); } }`);
    const run = await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST' });
    expect(run.data.emitted[0].event.endpoint).toBe(src.configured_props.http.endpoint_url);
  });

  it('runs a burst of requests one at a time, in order, each seeing the db the previous left', async () => {
    const src = await create(`export default { name: "count", version: "1", props: { http: "$.interface.http", db: "$.service.db" },
      async run(event) { const n = (this.db.get("n") || 0) + 1; this.db.set("n", n); this.$emit({ n, i: event.body.i }); } }`);
    const endpoint = src.configured_props.http.endpoint_url;
    const sends = [];
    for (let i = 0; i < 60; i++) {
      sends.push(fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ i }) }));
    }
    expect((await Promise.all(sends)).every((r) => r.status === 200)).toBe(true);
    await waitFor(async () => (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=1`)).page_info.total_count === 60);
    const all = (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=100&expand=event`)).data.reverse();
    expect(all.map((e: { event: { n: number } }) => e.event.n)).toEqual(Array.from({ length: 60 }, (_, k) => k + 1));
  });
});

