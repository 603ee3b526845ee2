import { describe, expect, it } from 'vitest';
import { timerSource } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('sandboxed sources through the service', () => {
  const svc = useService();

  const create = (code: string, extra?: object) => svc.createSource(code, extra);
  const run = (id: string) => svc.runSource(id);
  const logText = (id: string) => svc.logText(id);

  it('kills a runaway loop at its timeout while REST answers and other sources keep running', async () => {
    const ticker = await create(timerSource(1));
    const spinner = await create(`export default { name: "spin", version: "1", async run() { this.$emit({ started: true }); while (true) {} } }`, {
      timeout_seconds: 2,
    });
    const count = async () => (await svc.json(`/v1/sources/${ticker.id}/event_summaries?limit=100`)).page_info.total_count;
    const running = run(spinner.id);
    const before = await count();
    const t0 = Date.now();
    const me = await svc.api('/v1/users/me');
    expect(me.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1000);
    await waitFor(async () => (await count()) > before, 4000);
    const result = await running;
    expect(result.ok).toBe(false);
    expect(result.error.name).toBe('TimeoutError');
    expect(result.emitted).toEqual([]);
    expect(await logText(spinner.id)).toMatch(/TimeoutError/);
    // A killed invocation commits nothing.
    expect((await svc.json(`/v1/sources/${spinner.id}/event_summaries`)).page_info.total_count).toBe(0);
  });

  it('blames only the webhook whose run blocks, in a burst run as one batch: the others are stored once each', async () => {
    const src = await create(
      `export default { name: "burst", version: "1", props: { http: "$.interface.http", db: "$.service.db" }, async run(event) {
        const { i, block, waitMs } = event.body;
        if (waitMs) await new Promise((r) => setTimeout(r, waitMs));
        if (block) { while (true) {} }
        const n = (this.db.get("n") ?? 0) + 1;
        this.db.set("n", n);
        this.$emit({ i, n });
      } }`,
      { timeout_seconds: 1 },
    );
    const endpoint = src.configured_props.http.endpoint_url;
    const post = (body: object) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The first one waits, so the others queue up behind it and run as one batch.
    expect((await post({ i: 0, waitMs: 300 })).status).toBe(200);
    for (let i = 1; i <= 6; i++) expect((await post({ i, block: i === 3 })).status).toBe(200);
    const stored = async () => (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=100&expand=event`)).data.reverse();
    await waitFor(async () => (await stored()).length === 6, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await stored()).map((e: { event: unknown }) => e.event)).toEqual([
      { i: 0, n: 1 },
      { i: 1, n: 2 },
      { i: 2, n: 3 },
      { i: 4, n: 4 },
      { i: 5, n: 5 },
      { i: 6, n: 6 },
    ]);
    const log = await logText(src.id);
    expect(log.match(/\[runnel\] TimeoutError/g)).toHaveLength(1);
  });

  it('contains a heap bomb and an ArrayBuffer bomb with OutOfMemoryError', async () => {
    const heap = await create(`export default { name: "heap", version: "1", async run() { const a = []; while (true) a.push(new Array(1e6).fill(Math.random())); } }`, {
      timeout_seconds: 30,
    });
    const buffers = await create(
      `export default { name: "buffers", version: "1", async run() { const a = []; while (true) a.push(new Uint8Array(64 * 1024 * 1024).fill(1)); } }`,
      { timeout_seconds: 30 },
    );
    for (const src of [heap, buffers]) {
      const r = await run(src.id);
      expect(r.ok).toBe(false);
      expect(r.error.name).toBe('OutOfMemoryError');
      expect(await logText(src.id)).toMatch(/OutOfMemoryError/);
    }
    const fine = await create(`export default { name: "fine", version: "1", async run() { this.$emit({ ok: 1 }); } }`);
    expect((await run(fine.id)).emitted).toHaveLength(1);
  });

  it('gives components their allowed built-ins and refuses the rest with a clear error', async () => {
    const src = await create(`
      import crypto from "crypto";
      import { join } from "node:path";
      import fs from "fs";
      export default { name: "modules", version: "1", async run() {
        fs.writeFileSync(join("/tmp", "note.txt"), "kept");
        let etc = null;
        try { fs.readFileSync("/etc/passwd"); } catch (e) { etc = e.message; }
        let child = null;
        try { require("child_process"); } catch (e) { child = e.message; }
        this.$emit({
          hash: crypto.createHash("sha256").update("x").digest("hex").slice(0, 8),
          note: fs.readFileSync("/tmp/note.txt", "utf8"),
          etc, child,
          env: process.env,
          exit: typeof process.exit,
          tmp: (await import_os()).tmpdir(),
        });
      } };
      async function import_os() { return require("os"); }
    `);
    const r = await run(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    const e = r.emitted[0].event;
    expect(e.hash).toBe('2d711642');
    expect(e.note).toBe('kept');
    expect(e.etc).toMatch(/outside \/tmp/);
    expect(e.child).toMatch(/child_process/);
    expect(e.env).toEqual({ PD_COMPONENT: src.id });
    expect(e.exit).not.toBe('function');
    expect(e.tmp).toBe('/tmp');
  });

  it('kills only the runaway invocation among queued ones: those before and after it are stored', async () => {
    const src = await create(
      `export default { name: "mixed", version: "1", props: { http: "$.interface.http" }, async run(event) {
        if (event.body.wait) await new Promise((r) => setTimeout(r, event.body.wait));
        if (event.body.spin) while (true) {}
        this.$emit({ i: event.body.i });
      } }`,
      { timeout_seconds: 1 },
    );
    const endpoint = src.configured_props.http.endpoint_url;
    const post = (body: object) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The first request holds the source, so the next ones wait in its queue together.
    await post({ i: 0, wait: 300 });
    for (const body of [{ i: 1 }, { i: 2, spin: true }, { i: 3 }, { i: 4 }]) await post(body);
    await waitFor(async () => (await svc.json(`/v1/sources/${src.id}/event_summaries?limit=1`)).page_info.total_count === 4, 8000);
    const events = (await svc.json(`/v1/sources/${src.id}/event_summaries?expand=event`)).data.reverse();
    expect(events.map((e: { event: { i: number } }) => e.event.i)).toEqual([0, 1, 3, 4]);
    expect(await logText(src.id)).toMatch(/TimeoutError/);
  });

  it('files an unhandled promise rejection in the source log and keeps running', async () => {
    const src = await create(`export default { name: "stray", version: "1", async run() {
      Promise.reject(new Error("nobody listens"));
      this.$emit({ ok: 1 });
    } }`);
    const r = await run(src.id);
    expect(r.ok).toBe(true);
    expect(r.emitted).toHaveLength(1);
    await waitFor(async () => /Unhandled promise rejection: Error: nobody listens/.test(await logText(src.id)), 5000);
    expect((await run(src.id)).ok).toBe(true);
  });

  it('lets components reach network hosts, loopback included', async () => {
    const target = await create(`export default { name: "target", version: "1", props: { http: "$.interface.http" }, async run(event) { this.$emit(event.body); } }`);
    const caller = await create(
      `export default { name: "caller", version: "1", props: { url: "string" }, async run() {
        const r = await fetch(this.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ from: "caller" }) });
        this.$emit({ status: r.status });
      } }`,
      { configured_props: { url: target.configured_props.http.endpoint_url } },
    );
    const r = await run(caller.id);
    expect(r.emitted[0].event).toEqual({ status: 200 });
    await waitFor(async () => (await svc.json(`/v1/sources/${target.id}/event_summaries?expand=event`)).data[0]?.event?.from === 'caller');
  });
});

