// runnel/testing with an http_request prop: the action's request goes out from the runner to a
// server started here, and a bad config is reported as the service would.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadComponent } from '../../src/main/testing/index';
import { useTempFiles } from './helpers';

const files = useTempFiles();

describe('an action with an http_request prop', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('executes the configured request and refuses a bad one', async () => {
    const file = files.write(
      'send.mjs',
      `export default { name: "Send", version: "1", type: "action",
        props: { req: { type: "http_request", default: { method: "PUT" } } },
        async run() { return (await this.req.execute()).data; } };`,
    );
    await using c = await loadComponent(file);
    const r = await c.runAction({ props: { req: { url: `${base}/x`, params: [{ name: 'a', value: '1' }] } } });
    expect(r.error).toBeUndefined();
    expect(r.returnValue).toEqual({ method: 'PUT', url: '/x?a=1' });
    const bad = await c.runAction({ props: { req: { url: 'nope' } } });
    expect(bad.error).toEqual({ name: 'ConfigurationError', message: 'Prop "req" url "nope" is not an absolute URL (like https://example.com/path)' });
  });
});
