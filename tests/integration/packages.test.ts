import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startService, type ServiceHandle } from '../helpers/service';

// These tests fetch small packages from the npm registry (the one network these machines have).
const usesMs = (tag: string) => `import ms from "ms@2.1.3"; import dayjs from "dayjs";
  export default { name: "pkgs ${tag}", version: "1", async run() { this.$emit({ ms: ms("2h"), year: dayjs("2021-05-06").year() }); } }`;

describe('npm packages and TypeScript', () => {
  const dirs: string[] = [];
  let svc: ServiceHandle | undefined;
  afterAll(async () => {
    await svc?.stop();
    dirs.forEach(removeDir);
  });

  it('fetches imported packages (pinned and latest) into the data dir and runs them in the sandbox', async () => {
    svc = await startService();
    dirs.push(svc.dataDir);
    const src = await svc.createSource(usesMs('a'));
    const r = await svc.runSource(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(r.emitted[0].event).toEqual({ ms: 7_200_000, year: 2021 });
    const resolved = JSON.parse(readFileSync(join(svc.dataDir, 'packages', 'resolved.json'), 'utf8'));
    expect(resolved['dayjs@latest']).toMatch(/^\d+\.\d+\.\d+/);
    expect(existsSync(join(svc.dataDir, 'packages', 'sets'))).toBe(true);
    const state = (await svc.json('/v1/packages')).data;
    expect(state.resolved['dayjs@latest']).toBe(resolved['dayjs@latest']);
    expect(state.sets.flat()).toEqual(expect.arrayContaining(['ms@2.1.3', expect.stringMatching(/^dayjs@/)]));
    expect(state.activity.map((a: { line: string }) => a.line).join('\n')).toMatch(/fetching .*ms@2\.1\.3/);
  });

  it('deploys offline from a warm cache, and names a package it cannot fetch', async () => {
    await svc!.stop();
    // A registry nobody answers: anything not cached must fail, anything cached must not care.
    svc = await startService({ dataDir: dirs[0], env: { npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' } });
    const src = await svc.createSource(usesMs('offline'));
    expect((await svc.runSource(src.id)).emitted[0].event.ms).toBe(7_200_000);
    const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: 'import leftPad from "left-pad@1.3.0"; export default { name: "lp", version: "1", async run() {} }' } });
    expect(r.status).toBe(400);
    expect((await r.json()).error.message).toMatch(/left-pad/);
    // Refreshing forgets where "latest" pointed; the next save resolves it again.
    expect((await svc.json('/v1/packages/refresh', { method: 'POST', json: { name: 'dayjs' } })).data.refreshed).toEqual(['dayjs']);
    expect((await svc.json('/v1/packages')).data.resolved['dayjs@latest']).toBeUndefined();
  });

  it('compiles TypeScript components (types never block), and points at syntax errors', async () => {
    const ts = `import { defineSource } from "@pipedream/types";
      interface Item { id: number; title: string }
      const double = (n: number): number => n * 2;
      export default defineSource({
        name: "Typed", version: "0.1.0",
        props: { n: { type: "integer", default: 21 } },
        async run() { const item: Item = { id: double(this.n), title: "t" }; this.$emit(item, { id: item.id }); },
      });`;
    const src = await svc!.createSource(ts);
    expect((await svc!.runSource(src.id)).emitted[0].event).toEqual({ id: 42, title: 't' });
    const bad = await svc!.api('/v1/components', { method: 'POST', json: { component_code: 'const x: number = ;\nexport default {}' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/component:1:/);
  });

  it('refuses local imports; a component that imports net itself gets the stand-in its packages get', async () => {
    const local = await svc!.api('/v1/components', { method: 'POST', json: { component_code: 'import x from "./common.mjs"; export default { name: "l", version: "1", run() {} }' } });
    expect(local.status).toBe(400);
    expect((await local.json()).error.message).toMatch(/local imports/);
    // One module table for a component and its packages: net loads, its sockets refuse.
    const src = await svc!.createSource('import net from "net"; export default { name: "n", version: "1", run() { net.connect(80, "example.com"); } }');
    const r = await svc!.runSource(src.id);
    expect(r.ok).toBe(false);
    expect(r.error.message).toBe('Runnel: net.connect() is not available to components; use http, https or fetch');
  });
});
