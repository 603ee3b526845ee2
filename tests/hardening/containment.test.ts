// Hostile components, each run through the real service: each fails alone with a clear error,
// while a well-behaved HTTP source beside them keeps answering.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { builtinProbe, FD_MARK } from './helpers/builtin-probe';

interface Hostile {
  what: string;
  body: string;
  /** The error the run reports: its name and a message pattern. */
  error: { name: string | RegExp; message: RegExp };
  imports?: string;
  /** The source's timeout (default 2 s); memory bombs get long enough to reach the cap. */
  timeoutSeconds?: number;
  /** Refused when it is saved, before it can ever run. */
  atDeploy?: boolean;
}

const HOSTILE: Hostile[] = [
  { what: 'a synchronous infinite loop', body: 'while (true) {}', error: { name: 'TimeoutError', message: /timed out|timeout/i } },
  { what: 'an infinite loop after an await', body: 'await new Promise((r) => setTimeout(r, 20)); while (true) {}', error: { name: 'TimeoutError', message: /timed out|timeout/i } },
  { what: 'a heap bomb', body: 'const a = []; while (true) a.push(new Array(1e6).fill(Math.random()));', error: { name: 'OutOfMemoryError', message: /memory/i }, timeoutSeconds: 60 },
  { what: 'an ArrayBuffer bomb', body: 'const a = []; while (true) a.push(new Uint8Array(new ArrayBuffer(64 * 1024 * 1024)).fill(1));', error: { name: 'OutOfMemoryError', message: /memory/i }, timeoutSeconds: 60 },
  { what: 'deep recursion', body: 'const f = (n) => f(n + 1) + 1; f(0);', error: { name: 'RangeError', message: /call stack/i } },
  { what: 'a catastrophic regular expression (a long synchronous built-in call)', body: '/^(a+)+$/.test("a".repeat(40) + "b");', error: { name: 'TimeoutError', message: /timed out|timeout/i } },
  { what: 'a long synchronous crypto call', imports: 'import crypto from "crypto";', body: 'crypto.pbkdf2Sync("x", "y", 1e9, 64, "sha512");', error: { name: 'TimeoutError', message: /timed out|timeout/i } },
  { what: 'process.exit', body: 'process.exit(1);', error: { name: 'TypeError', message: /process\.exit is not a function/ } },
  { what: 'process.kill of its runner', body: 'process.kill(process.pid, "SIGKILL");', error: { name: 'TypeError', message: /process\.kill is not a function/ } },
  { what: 'reaching require', body: 'require("child_process").execSync("id");', error: { name: 'Error', message: /"child_process" module is not available/ } },
  { what: 'importing child_process', imports: 'import cp from "child_process";', body: 'cp.execSync("id");', error: { name: 'invalid_component', message: /"child_process" module is not available/ }, atDeploy: true },
  { what: 'reaching the host through the Function constructor', body: '(0, Function.prototype.constructor)("return process")().mainModule.require("fs");', error: { name: 'TypeError', message: /not a valid constructor|not allowed|not a function/ } },
  { what: 'reading the data dir', imports: 'import fs from "fs";', body: 'fs.readFileSync("$DATA_DIR/api-key");', error: { name: 'Error', message: /ENOENT|not allowed|outside/ } },
  { what: 'reading a host file outside /tmp', imports: 'import fs from "fs";', body: 'fs.readFileSync("$REPO/package.json");', error: { name: 'Error', message: /ENOENT|not allowed|outside|EACCES/ } },
  { what: 'prototype pollution', body: 'Object.prototype.polluted = "yes";', error: { name: 'TypeError', message: /read.only|not extensible|Cannot (assign|add|define)/i } },
  { what: 'replacing a shared intrinsic', body: 'Array.prototype.push = () => 0;', error: { name: 'TypeError', message: /read.only|Cannot assign/i } },
];

const component = (h: Hostile, i: number) => `${h.imports ?? ''}
export default { name: "hostile-${i}", version: "1", async run() { this.$emit({ before: true }); ${h.body} this.$emit({ after: true }); } };`;

describe('hostile components', () => {
  const svc = useService();

  it('fails each one alone with a clear error while a neighbour keeps answering', { timeout: 240_000 }, async () => {
    const canary = await svc.createSource(
      `export default { name: "canary", version: "1", props: { http: "$.interface.http" }, async run(event) { this.$emit({ n: event.body.n }); } }`,
    );
    const endpoint = canary.configured_props.http.endpoint_url as string;
    const peer = await svc.createSource(`export default { name: "peer", version: "1", async run() { this.$emit({ polluted: ({}).polluted ?? null, push: [].push.length, g: globalThis.leak ?? null }); } }`);

    // The neighbour is pinged all along; every ping must be stored.
    let n = 0;
    let pinging = true;
    const latencies: number[] = [];
    const failures: string[] = [];
    const pinger = (async () => {
      while (pinging) {
        const t0 = performance.now();
        const r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: ++n }) });
        latencies.push(performance.now() - t0);
        if (r.status !== 200) failures.push(`ping ${n}: ${r.status} ${await r.text()}`);
        await new Promise((res) => setTimeout(res, 25));
      }
    })();

    for (const [i, h] of HOSTILE.entries()) {
      if (h.atDeploy) {
        const refused = await svc.api('/v1/sources', { method: 'POST', json: { component_code: component(h, i) } });
        expect(refused.status, h.what).toBe(400);
        const { error } = (await refused.json()) as { error: { code: string; message: string } };
        expect(error.code, h.what).toBe(h.error.name);
        expect(error.message, h.what).toMatch(h.error.message);
        continue;
      }
      const src = await svc.createSource(component(h, i).replace('$DATA_DIR', svc.dataDir).replace('$REPO', process.cwd()), { timeout_seconds: h.timeoutSeconds ?? 2 });
      const r = await svc.runSource(src.id);
      expect(r.ok, `${h.what}: ${JSON.stringify(r)}`).toBe(false);
      expect(r.error.name, h.what).toMatch(h.error.name instanceof RegExp ? h.error.name : new RegExp(`^${h.error.name}$`));
      expect(r.error.message, h.what).toMatch(h.error.message);
      // Nothing after the fault runs; a killed runner commits nothing at all (a thrown error keeps
      // what was emitted before it, as on the hosted service). The log says why.
      const kept = (await svc.events(src.id)).map((e: { event: unknown }) => e.event);
      expect(kept, h.what).toEqual(/Timeout|OutOfMemory|RunnerCrashed/.test(r.error.name) ? [] : [{ before: true }]);
      expect(await svc.logText(src.id), h.what).toContain(r.error.name);
      // The peer still sees untouched intrinsics and no leaked globals.
      const seen = (await svc.runSource(peer.id)).emitted[0].event;
      expect(seen, h.what).toEqual({ polluted: null, push: 1, g: null });
    }
    pinging = false;
    await pinger;

    expect(failures).toEqual([]);
    // Every ping was stored (the newest 100 are retained).
    const kept = (await svc.events(canary.id, '&limit=100')).map((e: { event: { n: number } }) => e.event.n);
    expect(kept).toEqual(Array.from({ length: Math.min(n, 100) }, (_, i) => n - i));
    // Robustness, not a benchmark: the neighbour answered throughout (bench/ has the latency figures).
    latencies.sort((a, b) => a - b);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(250);
    expect(svc.proc.exitCode).toBeNull();
  });

});

describe('a probe of every reachable built-in, on one runner with its victim', () => {
  // One runner, so the victim and the report run where the probe installed its observers (with
  // several, the pool may hand them to another while the probe's runner settles).
  const svc = useService({ args: ['--runners', '1'] });

  // Code that extends a built-in while it loads runs in a realm of its own (as npm packages such
  // as sugar do): the same probe, loaded that way, must find nothing more.
  const OWN_REALM = '\nObject.defineProperty(Array.prototype, "ownRealmMarker", { value: true });\n';
  for (const mode of ['compartment', 'own realm'] as const) {
    it(`a component probing every reachable Node built-in finds nothing that loads native code, spawns, watches others or writes outside scratch (${mode})`, { timeout: 120_000 }, async () => {
      // Not under /tmp: a component's /tmp paths land in its own scratch folder (a checkout can be
      // under /tmp itself, as a CI clone may be; then /var/tmp is outside).
      const outside = mkdtempSync(join(process.cwd().startsWith('/tmp/') ? '/var/tmp' : process.cwd(), '.probe-outside-'));
      const secret = 'sekret-victim-8c2e41d7a9';
      const received: string[] = [];
      const server = http.createServer((req, res) => {
        received.push(`${req.url} ${req.headers['x-secret'] ?? req.headers.authorization ?? ''}`);
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const probe = await svc.createSource(builtinProbe({ builtins: builtinModules, outside, target }) + (mode === 'own realm' ? OWN_REALM : ''), { timeout_seconds: 60 });
        const install = await svc.runSource(probe.id, { phase: 'install' });
        expect(install.ok, JSON.stringify(install.error)).toBe(true);
        const found = install.emitted[0].event as { findings: string[]; tried: number; loaded: string[]; refused: string[]; sockets: number; origin: number };

        // Another component does its work on the same runner while the probe's observers stay installed.
        const victim = await svc.createSource(
          `import http from "http"; export default { name: "victim", version: "1", props: { token: { type: "string", secret: true }, target: { type: "string" } },
            async run() {
              await new Promise((resolve, reject) => http.get(this.target + "/v?key=" + this.token, { headers: { "x-secret": this.token } }, (res) => { res.resume(); res.on("end", resolve); }).on("error", reject));
              await (await fetch(this.target + "/f?key=" + this.token, { headers: { authorization: "Bearer " + this.token } })).text();
              this.$emit({ origin: performance.timeOrigin });
            } }`,
          { configured_props: { token: secret, target } },
        );
        const ran = await svc.runSource(victim.id);
        expect(ran.ok, JSON.stringify(ran.error)).toBe(true);
        expect(ran.emitted[0].event.origin, 'probe and victim on one runner').toBe(found.origin);
        expect(received.filter((r) => r.includes(secret))).toHaveLength(2);
        const report = await svc.runSource(probe.id, { phase: 'report' });
        const seen = Buffer.from(report.emitted[0].event.seen as string, 'base64').toString('utf8');

        expect(found.findings.join('\n'), 'findings').toBe('');
        // The observers live in the probe's compartment: a report from another runner would say nothing.
        expect(report.emitted[0].event.origin, 'the report ran where the probe installed its observers').toBe(found.origin);
        expect(report.emitted[0].event.count, `what the probe's observers saw: ${seen.slice(0, 500)}`).toBe(0);
        expect(report.emitted[0].event.sockets, 'sockets its agents handed it').toBe(found.sockets);
        expect(seen).not.toContain(secret);
        expect(readdirSync(outside), 'files put outside the jail').toEqual([]);
        expect(svc.stdout() + svc.stderr()).not.toContain(FD_MARK);
        expect(svc.proc.exitCode).toBeNull();
        // Not vacuous: it reached the allowed modules by both spellings, met the refusals, and tried a lot.
        for (const name of ['crypto', 'node:crypto', 'http', 'https', 'fs', 'async_hooks', 'node:diagnostics_channel', 'perf_hooks', 'tty', 'net', 'events', 'util']) expect(found.loaded, name).toContain(name);
        for (const name of ['child_process', 'node:child_process', 'worker_threads', 'cluster', 'vm', 'v8', 'inspector', 'module', 'dgram', 'wasi', 'node:test', 'runnel:net', 'runnel:async_hooks', 'runnel:diagnostics_channel']) expect(found.refused, name).toContain(name);
        expect(found.loaded.length).toBeGreaterThanOrEqual(50);
        expect(found.tried).toBeGreaterThanOrEqual(150);
      } finally {
        await new Promise((r) => server.close(r));
        rmSync(outside, { recursive: true, force: true });
      }
    });
  }
});
