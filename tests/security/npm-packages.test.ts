// The module table answers a package's `require` as it answers the component's (issue 14,
// item 2): common HTTP packages, which load net, tls, http2, events, stream and util at import,
// still work through it. Fetches the packages from the npm registry (the one network these
// machines have).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

describe('npm packages behind the module table', () => {
  const svc = useService();
  const server = http.createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/json' }).end();
      return;
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ method: req.method, url: req.url, body })));
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('axios and node-fetch load and make requests (redirects followed)', { timeout: 120_000 }, async () => {
    const src = await svc.createSource(
      `import axios from "axios@1"; import fetch2 from "node-fetch@2";
      export default { name: "pkgs", version: "1", props: { base: { type: "string" } }, async run() {
        const got = await axios.get(this.base + "/redirect");
        const posted = await axios.post(this.base + "/post", { a: 1 });
        const viaNodeFetch = await (await fetch2(this.base + "/nf")).json();
        this.$emit({ got: got.data, posted: posted.data, viaNodeFetch });
      } };`,
      { configured_props: { base } },
    );
    const r = await svc.runSource(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(r.emitted[0].event).toEqual({
      got: { method: 'GET', url: '/json', body: '' },
      posted: { method: 'POST', url: '/post', body: '{"a":1}' },
      viaNodeFetch: { method: 'GET', url: '/nf', body: '' },
    });
  });
});
