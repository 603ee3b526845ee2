import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining, startService, type ServiceHandle } from '../helpers/service';

const SECRET = 'sk_live_very_secret_value_42';

const optionsComponent = `export default {
  name: "Options", key: "test-options", version: "0.1.0",
  props: {
    region: { type: "string", options: ["eu", { label: "United States", value: "us" }] },
    item: {
      type: "string",
      async options({ page, prevContext, query }) {
        if (prevContext && prevContext.nextPageToken) return { options: ["t-" + prevContext.nextPageToken], context: {} };
        if (query) return [query + "-1", query + "-2"];
        return { options: ["p" + page + "-" + this.region], context: { nextPageToken: "next" } };
      },
    },
  },
  async run() {},
};`;

const dynamicComponent = `class ConfigurationError extends Error { constructor(m) { super(m); this.name = "ConfigurationError"; } }
export default {
  name: "Dynamic", key: "test-dynamic", version: "0.1.0",
  props: { kind: { type: "string", options: ["number", "text", "broken"], reloadProps: true } },
  async additionalProps(previous) {
    if (this.kind === "broken") throw new ConfigurationError("kind \\"broken\\" cannot be configured");
    if (this.kind === "number") return { amount: { type: "integer", min: 1, label: "Amount (" + Object.keys(previous).length + ")" } };
    return { text: { type: "string" } };
  },
  async run() { this.$emit({ amount: this.amount, text: this.text }); },
};`;

describe('props: options, additionalProps, secrets', () => {
  let svc: ServiceHandle;
  beforeAll(async () => {
    svc = await startService();
    await svc.json('/v1/components', { method: 'POST', json: { component_code: optionsComponent } });
    await svc.json('/v1/components', { method: 'POST', json: { component_code: dynamicComponent } });
  });
  afterAll(() => svc.stop());

  const options = (prop: string, body: object) => svc.api(`/v1/components/test-options/props/${prop}/options`, { method: 'POST', json: body });

  it('pages async options by page and by context, passes query and configured values', async () => {
    const first = (await (await options('item', { configured_props: { region: 'eu' }, page: 0 })).json()).data;
    expect(first).toEqual({ options: ['p0-eu'], context: { nextPageToken: 'next' } });
    const next = (await (await options('item', { page: 1, prevContext: first.context })).json()).data;
    expect(next.options).toEqual(['t-next']);
    const searched = (await (await options('item', { query: 'abc' })).json()).data;
    expect(searched).toEqual({ options: ['abc-1', 'abc-2'], context: null });
    const fixed = (await (await options('region', {})).json()).data;
    expect(fixed.options).toEqual(['eu', { label: 'United States', value: 'us' }]);
    expect((await options('nope', {})).status).toBe(404);
  });

  it('accepts static options, labelled or not, and refuses anything else naming the prop', async () => {
    const ok = await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-options', configured_props: { region: 'us', item: 'x' } } });
    expect(ok.status).toBe(200);
    const bad = await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-options', configured_props: { region: 'mars', item: 'x' } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/"region" must be one of/);
  });

  it('reloads props with additionalProps, validates the merged set at deploy, maps ConfigurationError to 400', async () => {
    const reload = async (kind: string) => svc.api('/v1/components/test-dynamic/props/reload', { method: 'POST', json: { configured_props: { kind } } });
    const number = (await (await reload('number')).json()).data.configurable_props;
    expect(number.map((p: { name: string }) => p.name)).toEqual(['kind', 'amount']);
    expect(number[1]).toMatchObject({ type: 'integer', min: 1, label: 'Amount (1)' });
    const text = (await (await reload('text')).json()).data.configurable_props;
    expect(text.map((p: { name: string }) => p.name)).toEqual(['kind', 'text']);
    const broken = await reload('broken');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toEqual({ code: 'configuration_error', message: 'kind "broken" cannot be configured' });

    const missing = await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-dynamic', configured_props: { kind: 'number' } } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/amount/);
    const low = await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-dynamic', configured_props: { kind: 'number', amount: 0 } } });
    expect((await low.json()).error.message).toMatch(/"amount" must be at least 1/);
    const src = await svc.json('/v1/sources', { method: 'POST', json: { key: 'test-dynamic', configured_props: { kind: 'number', amount: 3 } } });
    expect((await svc.runSource(src.data.id)).emitted[0].event).toEqual({ amount: 3 });
    const deployBroken = await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-dynamic', configured_props: { kind: 'broken' } } });
    expect(deployBroken.status).toBe(400);
  });

  it('maps a ConfigurationError thrown by activate() to a 400 with its message', async () => {
    const code = `import { ConfigurationError } from "@pipedream/platform";
      export default { name: "Checks", version: "1", props: { url: { type: "string" } },
        hooks: { async activate() { if (!this.url.startsWith("http")) throw new ConfigurationError("url must start with http"); } },
        async run() {} };`;
    const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: code, configured_props: { url: 'ftp://x' } } });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({ code: 'configuration_error', message: 'url must start with http' });
  });

  it('keeps secret props encrypted at rest and out of every response, log and export', async () => {
    const code = `export default { name: "Secretive", version: "1", props: { token: { type: "string", secret: true }, user: { type: "string" } },
      async run() { console.log("token is", this.token); this.$emit({ length: this.token.length, user: this.user }); } }`;
    const created = await svc.api('/v1/sources', { method: 'POST', json: { component_code: code, configured_props: { token: SECRET, user: 'ada' } } });
    const createdText = await created.text();
    expect(createdText).not.toContain(SECRET);
    const src = JSON.parse(createdText).data;
    expect(src.configured_props).toEqual({ token: '********', user: 'ada' });
    const run = await svc.runSource(src.id);
    expect(run.emitted[0].event).toEqual({ length: SECRET.length, user: 'ada' });
    expect(await svc.logText(src.id)).toBe('token is ********');
    // Sending the mask back keeps the stored secret.
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { configured_props: { token: '********', user: 'bob' } } });
    expect((await svc.runSource(src.id)).emitted[0].event).toEqual({ length: SECRET.length, user: 'bob' });
    for (const path of [`/v1/sources/${src.id}`, '/v1/users/me/sources', `/v1/sources/${src.id}/logs`, `/v1/sources/${src.id}/event_summaries?expand=event`]) {
      expect(await (await svc.api(path)).text(), path).not.toContain(SECRET);
    }
    const wf = await svc.createWorkflow({
      name: 'Secret step',
      trigger: { type: 'manual' },
      steps: [
        {
          name: 's',
          code: 'export default defineComponent({ props: { key: { type: "string", secret: true } }, async run({ $ }) { console.log(this.key); $.export("leak", this.key); return this.key.length; } })',
          configured_props: { key: SECRET },
        },
      ],
    });
    expect(JSON.stringify(wf)).not.toContain(SECRET);
    const wfRun = await svc.runWorkflow(wf.id);
    expect(wfRun.steps[0].$return_value).toBe(SECRET.length);
    expect(JSON.stringify(wfRun)).not.toContain(SECRET);
    // Nothing in the data dir holds it in clear.
    expect(filesContaining(svc.dataDir, SECRET)).toEqual([]);
    // The same search does find what is stored in clear, so the check above can fail.
    expect(filesContaining(svc.dataDir, 'Secretive').length).toBeGreaterThan(0);
  });

  it('refuses secret on a non-string prop and min/max on a non-integer prop', async () => {
    for (const props of ['{ n: { type: "integer", secret: true } }', '{ s: { type: "string", min: 1 } }']) {
      const r = await svc.api('/v1/components', { method: 'POST', json: { component_code: `export default { name: "x", version: "1", props: ${props}, async run() {} }` } });
      expect(r.status).toBe(400);
    }
  });

  it('accepts and refuses each prop type through the API, naming the prop', async () => {
    const code = `export default { name: "Types", version: "1", props: {
      s: { type: "string" }, i: { type: "integer", min: -5, max: 5 }, b: { type: "boolean" }, o: { type: "object" }, a: { type: "any" },
      ss: { type: "string[]" }, is: { type: "integer[]" }, bs: { type: "boolean[]" },
      d: { type: "string", default: "filled" }, opt: { type: "integer", optional: true },
    }, async run() { this.$emit({ s: this.s, i: this.i, b: this.b, o: this.o, a: this.a, ss: this.ss, is: this.is, bs: this.bs, d: this.d, opt: this.opt ?? null }); } }`;
    const good = { s: 'x', i: -5, b: false, o: { k: [1] }, a: [null, 'any'], ss: ['a', 'b'], is: [1, 2], bs: [true] };
    const src = await svc.createSource(code, { configured_props: good });
    expect((await svc.runSource(src.id)).emitted[0].event).toEqual({ ...good, d: 'filled', opt: null });
    const refuse = async (patch: object, message: RegExp) => {
      const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: code, configured_props: { ...good, ...patch } } });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect((await r.json()).error.message).toMatch(message);
    };
    await refuse({ s: 1 }, /"s" must be a string/);
    await refuse({ i: 6 }, /"i" must be at most 5/);
    await refuse({ i: -6 }, /"i" must be at least -5/);
    await refuse({ i: 'seven' }, /"i" must be an integer/);
    await refuse({ b: 'maybe' }, /"b" must be true or false/);
    await refuse({ o: [1] }, /"o" must be an object/);
    await refuse({ ss: ['a', 1] }, /"ss" must be a string/);
    await refuse({ is: 'nope' }, /"is" must be an array/);
    await refuse({ bs: [1] }, /"bs" must be true or false/);
    await refuse({ s: 'x'.repeat(65 * 1024) }, /"s" is \d+ bytes; a prop value may be at most 64 KB/);
    const missing = await svc.api('/v1/sources', { method: 'POST', json: { component_code: code, configured_props: { s: 'x' } } });
    expect((await missing.json()).error.message).toMatch(/Missing required props: i, b, o, a, ss, is, bs/);
  });
});

