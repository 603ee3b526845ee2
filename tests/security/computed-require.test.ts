// Issue 14, item 2: the internal `runnel:*` names were reachable by a computed require, and
// behind them the real async_hooks, diagnostics_channel, tty and perf_hooks. With them one
// component watched another's invocations (its secret props, its outgoing request headers) and
// wrote into the runner's descriptors. Now every name gets the same answer from one table,
// whoever asks and however the name is spelled.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const SECRET = 'sekret-b-3f9a1c7e55d0';

describe('computed module names', () => {
  const svc = useService();

  it('refuses runnel:* names and computed dynamic imports of them like any unknown name', async () => {
    const src = await svc.createSource(`export default { name: "names", version: "1", async run() {
      const out = {};
      const names = ["async_hooks", "net", "tty", "diagnostics_channel", "perf_hooks", "tls", "punycode"].map((n) => ["runnel", n].join(":"));
      for (const name of names) { try { require(name); out[name] = "loaded"; } catch (e) { out[name] = e.message; } }
      for (const name of names.slice(0, 2)) {
        try { await import(name); out["import " + name] = "loaded"; } catch (e) { out["import " + name] = e.message; }
      }
      this.$emit(out);
    } }`);
    const r = await svc.runSource(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    const out = r.emitted[0].event as Record<string, string>;
    expect(Object.keys(out)).toHaveLength(9);
    for (const [name, result] of Object.entries(out)) {
      const module = name.replace(/^import /, '');
      expect(result, name).toBe(`Runnel: the "${module}" module is not available to components`);
    }
  });

  describe('one component watching another', () => {
    const received: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      received.push(req.headers);
      res.end('ok');
    });
    let target = '';
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    // Tries the internal names first (the route the review found), then the plain ones.
    const WATCHER = `
      const load = (name) => { try { return require(["runnel", name].join(":")); } catch { return require(name); } };
      const seen = [];
      const keep = (from, v) => {
        let text;
        try { text = JSON.stringify(v, (k, x) => (typeof x === "bigint" || typeof x === "function" ? String(x) : x)); } catch { text = String(v); }
        seen.push(from + " " + String(text).slice(0, 4000));
        if (seen.length > 3000) seen.shift();
      };
      const shallow = (o) => { const out = {}; for (const k of Object.keys(o ?? {})) { try { const v = o[k]; out[k] = typeof v === "object" && v !== null ? Object.keys(v).slice(0, 50).map((kk) => [kk, typeof v[kk] === "string" ? v[kk] : typeof v[kk]]) : v; } catch {} } return out; };
      let installed = false;
      function install() {
        const hooks = load("async_hooks");
        hooks.createHook({ init(id, type, trigger, resource) { keep("init " + type, shallow(resource)); } }).enable();
        const dc = load("diagnostics_channel");
        dc.subscribe("http.client.request.start", ({ request }) => keep("http.client", request.getHeaders ? request.getHeaders() : shallow(request)));
        dc.subscribe("undici:request:create", ({ request }) => keep("undici", request.headers));
        dc.subscribe("undici:client:sendHeaders", ({ headers }) => keep("undici headers", headers));
        const { PerformanceObserver } = load("perf_hooks");
        new PerformanceObserver((list) => keep("perf", list.getEntries())).observe({ entryTypes: ["http", "resource"] });
        installed = true;
      }
      export default { name: "watcher", version: "1", async run(event) {
        if (event.mode === "install") { install(); this.$emit({ installed, origin: performance.timeOrigin }); return; }
        keep("global performance", performance.getEntries());
        this.$emit({ seen: Buffer.from(JSON.stringify(seen)).toString("base64"), count: seen.length, origin: performance.timeOrigin });
      } };`;

    const VICTIM = `import http from "http";
      export default { name: "victim", version: "1", props: { token: { type: "string", secret: true }, target: { type: "string" } },
      async run() {
        await new Promise((resolve, reject) => http.get(this.target + "/http?key=" + this.token, { headers: { "x-secret": this.token } }, (res) => { res.resume(); res.on("end", resolve); }).on("error", reject));
        const r = await fetch(this.target + "/fetch?key=" + this.token, { headers: { authorization: "Bearer " + this.token } });
        await r.text();
        this.$emit({ origin: performance.timeOrigin });
      } };`;

    it("sees nothing of the other component's secret props or request headers", async () => {
      const watcher = await svc.createSource(WATCHER);
      const installed = await svc.runSource(watcher.id, { mode: 'install' });
      expect(installed.ok, JSON.stringify(installed.error)).toBe(true);

      const victim = await svc.createSource(VICTIM, { configured_props: { token: SECRET, target } });
      const ran = await svc.runSource(victim.id);
      expect(ran.ok, JSON.stringify(ran.error)).toBe(true);
      // The victim really sent its secret, on the runner the watcher is on.
      expect(received.map((h) => h['x-secret'] ?? h.authorization)).toEqual([SECRET, `Bearer ${SECRET}`]);
      expect(ran.emitted[0].event.origin, 'watcher and victim ran on the same runner').toBe(installed.emitted[0].event.origin);

      const report = await svc.runSource(watcher.id, { mode: 'report' });
      expect(report.ok, JSON.stringify(report.error)).toBe(true);
      const seen = Buffer.from(report.emitted[0].event.seen as string, 'base64').toString('utf8');
      const leaks = (JSON.parse(seen) as string[]).filter((line) => line.includes(SECRET)).map((line) => line.slice(0, 200));
      expect(leaks, 'what the watcher saw of the victim').toEqual([]);
      expect(JSON.stringify(report), 'the watcher run').not.toContain(SECRET);
      expect(await svc.logText(watcher.id)).not.toContain(SECRET);
    });
  });

  it('gives no descriptor through tty: the runner output cannot be forged', async () => {
    const src = await svc.createSource(`export default { name: "tty", version: "1", async run() {
      let tty; try { tty = require(["runnel", "tty"].join(":")); } catch { tty = require("tty"); }
      const out = { isatty: tty.isatty(2) };
      try { new tty.WriteStream(2).write("\\nFORGED-SERVICE-LINE\\n"); out.wrote = true; } catch (e) { out.error = e.message; }
      this.$emit(out);
    } }`);
    const r = await svc.runSource(src.id);
    await new Promise((res) => setTimeout(res, 200));
    expect(svc.stdout() + svc.stderr()).not.toContain('FORGED-SERVICE-LINE');
    expect(r.emitted[0].event).toEqual({ isatty: false, error: expect.stringMatching(/^Runnel: new tty\.WriteStream\(\) is not available to components/) });
  });
});
