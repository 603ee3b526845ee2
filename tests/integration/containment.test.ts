import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timerSource } from '../fixtures/components';
import { startService, waitFor, type ServiceHandle } from '../helpers/service';

describe('sandboxed sources through the service', () => {
  let svc: ServiceHandle;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc.stop());

  const create = async (code: string, extra: object = {}) =>
    (await svc.json('/v1/sources', { method: 'POST', json: { component_code: code, ...extra } })).data;
  const run = async (id: string) => (await svc.json(`/v1/sources/${id}/run`, { method: 'POST' })).data;
  const logText = async (id: string) => (await svc.json(`/v1/sources/${id}/logs`)).data.map((l: { line: string }) => l.line).join('\n');

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
});
