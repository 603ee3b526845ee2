import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cjs, emitter, httpSource, timerSource } from '../fixtures/components';
import { useService } from '../helpers/service';

describe('saved components', () => {
  const svc = useService();

  it('saves an ES module component and describes its props', async () => {
    const { data } = await svc.json('/v1/components', { method: 'POST', json: { component_code: emitter } });
    expect(data).toMatchObject({ name: 'Emitter', key: 'test-emitter', version: '0.0.1', code: emitter });
    expect(data.id).toMatch(/^sc_/);
    expect(data.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof data.created_at).toBe('number');
    expect(data.configurable_props).toEqual([{ name: 'label', type: 'string', optional: true, default: 'hello' }]);
    expect((await svc.json(`/v1/components/${data.id}`)).data.id).toBe(data.id);
    expect((await svc.json('/v1/components/test-emitter')).data.id).toBe(data.id);
  });

  it('describes interface props, shorthand included', async () => {
    const { data } = await svc.json('/v1/components', { method: 'POST', json: { component_code: timerSource(60) } });
    expect(data.configurable_props).toEqual([{ name: 'timer', type: '$.interface.timer', default: { intervalSeconds: 60 } }]);
    const http = await svc.json('/v1/components', { method: 'POST', json: { component_code: httpSource(true) } });
    expect(http.data.configurable_props[0]).toMatchObject({ name: 'http', type: '$.interface.http', customResponse: true });
  });

  it('accepts CommonJS and ignores unknown top-level keys', async () => {
    const { data } = await svc.json('/v1/components', { method: 'POST', json: { component_code: cjs } });
    expect(data.name).toBe('Legacy');
    expect(data.configurable_props.map((p: { name: string }) => p.name)).toEqual(['who', 'times']);
  });

  it.each([
    ['no name', 'export default { version: "1", async run() {} }', /name/],
    ['no version', 'export default { name: "x", async run() {} }', /version/],
    ['no run', 'export default { name: "x", version: "1" }', /run/],
    ['a syntax error', 'export default { name: "x", version: "1", run() { ', /parse/],
    ['a throwing module', 'throw new Error("boom at load"); export default {}', /boom at load/],
    ['a bad dedupe', 'export default { name: "x", version: "1", dedupe: "newest", async run() {} }', /dedupe/],
    ['an unknown prop type', 'export default { name: "x", version: "1", props: { a: { type: "strang" } }, async run() {} }', /strang/],
  ])('refuses a component with %s (400 and a clear message)', async (_what, code, message) => {
    const r = await svc.api('/v1/components', { method: 'POST', json: { component_code: code } });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.error.message).toMatch(message);
  });

  it('refuses a missing component_code and unknown ids', async () => {
    expect((await svc.api('/v1/components', { method: 'POST', json: {} })).status).toBe(400);
    expect((await svc.api('/v1/components/sc_unknown')).status).toBe(404);
  });

  it('fetches a component from component_url, for a component or straight into a source', async () => {
    const files = createServer((req, res) => {
      if (req.url === '/emitter.mjs') res.end(emitter);
      else {
        res.statusCode = 404;
        res.end('nope');
      }
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    try {
      const comp = await svc.json('/v1/components', { method: 'POST', json: { component_url: `${base}/emitter.mjs` } });
      expect(comp.data.name).toBe('Emitter');
      const src = await svc.json('/v1/sources', { method: 'POST', json: { component_url: `${base}/emitter.mjs`, name: 'From URL' } });
      expect(src.data.component_id).toBe(comp.data.id);
      const missing = await svc.api('/v1/components', { method: 'POST', json: { component_url: `${base}/missing.mjs` } });
      expect(missing.status).toBe(422);
      expect((await missing.json()).error.message).toMatch(/404/);
      const ftp = await svc.api('/v1/components', { method: 'POST', json: { component_url: 'ftp://example.com/x.mjs' } });
      expect(ftp.status).toBe(400);
    } finally {
      files.close();
    }
  });
});

