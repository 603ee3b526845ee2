import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining, useService } from '../helpers/service';

/** What the test server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const PASSWORD = 'pa55-word-very-secret';
const TOKEN = 'tok_live_bearer_secret_77';

/** A source whose run() executes `this.req` and emits what it read (secrets left out) and got back. */
const source = (reqProp: string, extra = '') => `export default {
  name: "Requester", version: "1",
  props: { req: ${reqProp} ${extra} },
  async run() {
    const response = await this.req.execute();
    this.$emit({ config: { method: this.req.method, url: this.req.url, headers: this.req.headers, params: this.req.params, body: this.req.body, auth: { type: this.req.auth.type, username: this.req.auth.username } }, response });
  },
};`;

describe('http_request prop', () => {
  const svc = useService();
  let server: Server;
  let base = '';
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } as Record<string, string>, body };
      seen.push({ ...entry, headers: { ...entry.headers } });
      // Credentials are checked on `seen`; echoing them would put them in the stored events.
      delete entry.headers.authorization;
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/text') {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('plain words');
      } else if (path === '/missing') {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ error: 'no such thing' }));
      } else {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('x-echo', 'yes');
        res.end(JSON.stringify(entry));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** Deploys `code` with `req` configured, runs it once and returns the emitted event. */
  const deployAndRun = async (code: string, req?: unknown) => {
    const src = await svc.createSource(code, { configured_props: req === undefined ? {} : { req } });
    const run = await svc.runSource(src.id);
    expect(run.ok, JSON.stringify(run.error)).toBe(true);
    return { src, event: run.emitted[0].event };
  };
  const refused = async (configured: unknown, message: RegExp, code = source('{ type: "http_request" }')) => {
    const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: code, configured_props: { req: configured } } });
    const body = await r.json();
    expect(r.status, JSON.stringify(configured)).toBe(400);
    expect(body.error.code).toBe('invalid_props');
    expect(body.error.message).toMatch(/^Prop "req" /);
    expect(body.error.message).toMatch(message);
  };

  it('sends a GET with params appended and headers, reads the config, parses a JSON answer', async () => {
    const { event } = await deployAndRun(source('{ type: "http_request" }'), {
      method: 'get',
      url: `${base}/items?fixed=1`,
      headers: [{ name: 'X-Trace', value: 'abc' }, { name: 'Accept', value: 'application/json' }],
      params: [{ name: 'q', value: 'a b&c' }, { name: 'page', value: 2 }],
    });
    expect(event.config).toEqual({
      method: 'GET',
      url: `${base}/items?fixed=1`,
      headers: [{ name: 'X-Trace', value: 'abc' }, { name: 'Accept', value: 'application/json' }],
      params: [{ name: 'q', value: 'a b&c' }, { name: 'page', value: '2' }],
      body: { type: 'fields', contentType: 'application/json', fields: [], raw: '' },
      auth: { type: 'none' },
    });
    const echoed = event.response.data;
    expect(echoed.method).toBe('GET');
    expect(echoed.url).toBe('/items?fixed=1&q=a+b%26c&page=2');
    expect(echoed.headers['x-trace']).toBe('abc');
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
    expect(echoed.body).toBe('');
    expect(event.response.status).toBe(200);
    expect(event.response.statusText).toBe('OK');
    expect(event.response.headers['x-echo']).toBe('yes');
    expect(event.response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends fields as JSON by default and as a form when the content type says so', async () => {
    const json = await deployAndRun(source('{ type: "http_request" }'), {
      method: 'POST',
      url: `${base}/json`,
      body: { type: 'fields', fields: [{ name: 'name', value: 'Ada' }, { name: 'n', value: 3 }, { name: 'tags', value: ['x'] }] },
    });
    expect(json.event.response.data.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json.event.response.data.body)).toEqual({ name: 'Ada', n: 3, tags: ['x'] });

    const form = await deployAndRun(source('{ type: "http_request" }'), {
      method: 'PUT',
      url: `${base}/form`,
      body: { type: 'fields', contentType: 'application/x-www-form-urlencoded', fields: [{ name: 'name', value: 'Ada L' }, { name: 'n', value: 3 }] },
    });
    expect(form.event.response.data.method).toBe('PUT');
    expect(form.event.response.data.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.event.response.data.body).toBe('name=Ada+L&n=3');
  });

  it('sends a raw body as is with its content type', async () => {
    const { event } = await deployAndRun(source('{ type: "http_request" }'), {
      method: 'PATCH',
      url: `${base}/raw`,
      body: { type: 'raw', contentType: 'application/xml', raw: '<a>1</a>' },
    });
    expect(event.response.data.method).toBe('PATCH');
    expect(event.response.data.headers['content-type']).toBe('application/xml');
    expect(event.response.data.body).toBe('<a>1</a>');
    const plain = await deployAndRun(source('{ type: "http_request" }'), { method: 'POST', url: `${base}/raw`, body: { type: 'raw', raw: 'just text' } });
    expect(plain.event.config.body.contentType).toBe('text/plain');
    expect(plain.event.response.data.headers['content-type']).toBe('text/plain');
    expect(plain.event.response.data.body).toBe('just text');
  });

  it('sends basic auth, keeps the password sealed at rest, masked in answers and logs, and keeps it when the mask is sent back', async () => {
    const logging = source('{ type: "http_request" }').replace('const response', 'console.log("password", this.req.auth.password); const response');
    const { src, event } = await deployAndRun(logging, { url: `${base}/basic`, auth: { type: 'basic', username: 'ada', password: PASSWORD } });
    expect(event.response.data.url).toBe('/basic');
    expect(seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`ada:${PASSWORD}`).toString('base64')}`);
    expect(src.configured_props.req.auth).toEqual({ type: 'basic', username: 'ada', password: '********' });
    expect(await svc.logText(src.id)).toBe('password ********');
    const fetched = await svc.json(`/v1/sources/${src.id}`);
    expect(fetched.data.configured_props.req.auth.password).toBe('********');
    expect(filesContaining(svc.dataDir, PASSWORD)).toEqual([]);
    expect(filesContaining(svc.dataDir, `${base}/basic`).length).toBeGreaterThan(0);

    // The UI sends the whole config back with the mask: the stored password stays.
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { configured_props: { req: { ...fetched.data.configured_props.req, url: `${base}/basic2` } } } });
    const again = (await svc.runSource(src.id)).emitted[0].event;
    expect(again.response.data.url).toBe('/basic2');
    expect(seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`ada:${PASSWORD}`).toString('base64')}`);
  });

  it('sends bearer auth, over an Authorization header typed by hand, with the token masked', async () => {
    const { src, event } = await deployAndRun(source('{ type: "http_request" }'), {
      url: `${base}/bearer`,
      headers: [{ name: 'Authorization', value: 'Token overridden' }],
      auth: { type: 'bearer', token: TOKEN },
    });
    expect(event.response.data.url).toBe('/bearer');
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(src.configured_props.req.auth).toEqual({ type: 'bearer', token: '********' });
    expect(filesContaining(svc.dataDir, TOKEN)).toEqual([]);
  });

  it('parses JSON answers, keeps text answers as text, and rejects a non-2xx with the response attached', async () => {
    const text = await deployAndRun(source('{ type: "http_request" }'), { url: `${base}/text` });
    expect(text.event.response.data).toBe('plain words');
    const catching = `export default { name: "Catcher", version: "1", props: { req: { type: "http_request" } },
      async run() {
        try { await this.req.execute(); this.$emit({ threw: false }); }
        catch (err) { this.$emit({ threw: true, name: err.name, message: err.message, status: err.response.status, data: err.response?.data }); }
      } };`;
    const caught = await deployAndRun(catching, { url: `${base}/missing` });
    expect(caught.event).toEqual({ threw: true, name: 'HttpRequestError', message: 'Request failed with status code 404: {"error":"no such thing"}', status: 404, data: { error: 'no such thing' } });
    const head = await deployAndRun(source('{ type: "http_request" }'), { method: 'head', url: `${base}/json`, body: { type: 'raw', raw: 'ignored' } });
    expect(head.event.response).toMatchObject({ status: 200, data: '' });
    expect(seen.at(-1)).toMatchObject({ method: 'HEAD', body: '' });
    // A port nobody listens on any more: the request fails before any answer.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as { port: number }).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const refusedConn = await deployAndRun(catching.replace('err.response.status', 'err.response?.status'), { method: 'DELETE', url: `http://127.0.0.1:${port}/gone?q=1` });
    expect(refusedConn.event).toMatchObject({ threw: true, name: 'Error', message: `DELETE http://127.0.0.1:${port}/gone failed: ECONNREFUSED` });
    const src = await svc.createSource(source('{ type: "http_request" }'), { configured_props: { req: { url: `${base}/missing` } } });
    const run = await svc.runSource(src.id);
    expect(run.ok).toBe(false);
    expect(run.error).toMatchObject({ name: 'HttpRequestError', message: expect.stringContaining('status code 404') });
  });

  it('merges the configured value over the default (a partial config is enough)', async () => {
    const withDefault = source(`{ type: "http_request", default: { method: "post", url: "${base}/defaulted", headers: [{ name: "X-From", value: "default" }], body: { contentType: "application/x-www-form-urlencoded", fields: [{ name: "a", value: "1" }] } } }`);
    const plain = await deployAndRun(withDefault);
    expect(plain.src.configured_props.req).toMatchObject({ method: 'POST', url: `${base}/defaulted` });
    expect(plain.event.response.data).toMatchObject({ method: 'POST', url: '/defaulted', body: 'a=1' });
    const partial = await deployAndRun(withDefault, { params: [{ name: 'x', value: 'y' }], body: { fields: [{ name: 'b', value: '2' }] } });
    expect(partial.event.config.headers).toEqual([{ name: 'X-From', value: 'default' }]);
    expect(partial.event.response.data).toMatchObject({ url: '/defaulted?x=y', body: 'b=2' });
    expect(partial.event.response.data.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('refuses a bad method, URL or shape with a 400 naming the prop and the problem', async () => {
    await refused({ method: 'FETCH', url: `${base}/x` }, /method "FETCH" is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS/);
    await refused({ url: '/relative/path' }, /url "\/relative\/path" is not an absolute URL/);
    await refused({ url: 'ftp://example.com/file' }, /url "ftp:\/\/example.com\/file" must use http or https/);
    await refused({ method: 'GET' }, /needs a url/);
    await refused({ url: `${base}/x`, headers: { 'X-A': '1' } }, /headers must be an array of \{ name, value \}/);
    await refused({ url: `${base}/x`, params: [{ name: 'a', value: { deep: 1 } }] }, /params\[0\]\.value must be a string/);
    await refused({ url: `${base}/x`, body: { type: 'xml' } }, /body.type must be "fields" or "raw"/);
    await refused({ url: `${base}/x`, auth: { type: 'digest' } }, /auth.type must be "none", "basic" or "bearer"/);
    await refused('https://example.com', /must be a request object/);
    const missing = await svc.api('/v1/sources', { method: 'POST', json: { component_code: source('{ type: "http_request" }'), configured_props: {} } });
    expect((await missing.json()).error.message).toMatch(/Missing required prop: req/);
    // Updates are checked too.
    const src = await svc.createSource(source('{ type: "http_request" }'), { configured_props: { req: { url: `${base}/ok` } } });
    const bad = await svc.api(`/v1/sources/${src.id}`, { method: 'PUT', json: { configured_props: { req: { method: 'TRACE', url: `${base}/ok` } } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/Prop "req" method "TRACE"/);
  });

  it('runs a real-world action (prop borrowed from an app) as a workflow step, with expressions in the request', async () => {
    const action = `const http = { type: "app", app: "http", propDefinitions: { httpRequest: { type: "http_request", label: "HTTP Request Configuration" } } };
      export default { key: "test-send-request", name: "Send any HTTP Request", version: "1.0.0", type: "action",
        props: { http, httpRequest: { propDefinition: [http, "httpRequest"], default: { method: "POST" } } },
        async run({ $ }) { const response = await this.httpRequest.execute(); $.export("headers", response.headers); return response; } };`;
    await svc.json('/v1/components', { method: 'POST', json: { component_code: action } });
    const wf = await svc.createWorkflow({
      name: 'Request step',
      trigger: { type: 'manual' },
      steps: [
        { name: 'send', key: 'test-send-request', configured_props: { httpRequest: {
          url: `${base}/wf/{{steps.trigger.event.id}}`,
          headers: [{ name: 'X-Who', value: '{{steps.trigger.event.who}}' }],
          body: { fields: [{ name: 'count', value: '{{steps.trigger.event.count}}' }] },
          auth: { type: 'bearer', token: TOKEN },
        } } },
      ],
    });
    expect(JSON.stringify(wf)).not.toContain(TOKEN);
    const run = await svc.runWorkflow(wf.id, { id: 'abc', who: 'Ada', count: 7 });
    expect(run.status, JSON.stringify(run.steps[0].error)).toBe('success');
    const ret = run.steps[0].$return_value;
    expect(ret.status).toBe(200);
    expect(ret.data).toMatchObject({ method: 'POST', url: '/wf/abc' });
    expect(ret.data.headers['x-who']).toBe('Ada');
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(ret.data.body)).toEqual({ count: 7 });
    expect(run.steps[0].exports.headers['x-echo']).toBe('yes');
    expect(filesContaining(svc.dataDir, TOKEN)).toEqual([]);

    const bad = await svc.api('/v1/workflows', {
      method: 'POST',
      json: { name: 'Bad', trigger: { type: 'manual' }, steps: [{ name: 'send', key: 'test-send-request', configured_props: { httpRequest: { method: 'YELL', url: '{{steps.trigger.event.url}}' } } }] },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Step "send": prop "httpRequest" method "YELL" is not one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');

    // A URL that only exists after evaluation is checked when the step runs.
    const late = await svc.createWorkflow({
      name: 'Late URL',
      trigger: { type: 'manual' },
      steps: [{ name: 'send', key: 'test-send-request', configured_props: { httpRequest: { url: '{{steps.trigger.event.url}}' } } }],
    });
    const failed = await svc.runWorkflow(late.id, { url: 'not a url' });
    expect(failed.status).toBe('error');
    expect(failed.steps[0].error.message).toMatch(/Prop "httpRequest" url "not a url" is not an absolute URL/);
  });
});
