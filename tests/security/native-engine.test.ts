// Issue 14, item 1: a component must not run native code through OpenSSL engines. A hostile
// source writes a shared library into its scratch folder, opens it, and hands
// "/proc/self/fd/<fd>" to every engine door Node has: crypto.setEngine and the TLS options
// clientCertEngine / privateKeyEngine, in https.request and in new https.Agent. The library's
// constructor would write a marker and a copy of the service's api-key outside the jail.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const hasCompiler = spawnSync('cc', ['--version']).status === 0;
if (!hasCompiler) console.warn('native-engine.test.ts: skipped, no C compiler (`cc`) on this machine to build the hostile library');

/** A shared library whose constructor copies `keyPath` into `outDir` and leaves a marker there. */
function buildLibrary(outDir: string, keyPath: string): Buffer {
  const c = `#include <stdio.h>
static void copy(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"); if (!in) return;
  FILE *out = fopen(to, "wb"); if (!out) { fclose(in); return; }
  char buf[4096]; size_t n; while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
  fclose(in); fclose(out);
}
__attribute__((constructor)) static void escaped(void) {
  FILE *f = fopen(${JSON.stringify(join(outDir, 'marker'))}, "w"); if (f) { fputs("native code ran\\n", f); fclose(f); }
  copy(${JSON.stringify(keyPath)}, ${JSON.stringify(join(outDir, 'api-key-copy'))});
}
`;
  const build = mkdtempSync(join(tmpdir(), 'runnel-engine-build-'));
  try {
    writeFileSync(join(build, 'engine.c'), c);
    execFileSync('cc', ['-shared', '-fPIC', '-s', '-o', join(build, 'engine.so'), join(build, 'engine.c')]);
    return readFileSync(join(build, 'engine.so'));
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}

// Each attempt runs on its own; the library path is a descriptor of the component's own file.
const HOSTILE = `import fs from "fs"; import crypto from "crypto"; import https from "https";
export default {
  name: "engine loader", version: "1",
  props: { lib: { type: "string" } },
  async run(event) {
    // A new file each time: the dynamic loader would reuse a library already loaded from the same inode.
    const file = "/tmp/engine-" + event.attempt + ".so";
    fs.writeFileSync(file, Buffer.from(this.lib, "base64"));
    const lib = "/proc/self/fd/" + fs.openSync(file, "r");
    const attempts = {
      setEngine: () => crypto.setEngine(lib),
      requestClientCertEngine: () => https.request({ host: "127.0.0.1", port: 9, clientCertEngine: lib }).on("error", () => {}).end(),
      urlAndOptions: () => https.request("https://127.0.0.1:9/", { clientCertEngine: lib }).on("error", () => {}).end(),
      getPrivateKeyEngine: () => https.get({ host: "127.0.0.1", port: 9, privateKeyEngine: lib, privateKeyIdentifier: "k" }).on("error", () => {}),
      agentClientCertEngine: () => https.request({ host: "127.0.0.1", port: 9, agent: new https.Agent({ clientCertEngine: lib }) }).on("error", () => {}).end(),
      agentPrivateKeyEngine: () => https.get("https://127.0.0.1:9/", { agent: new https.Agent({ privateKeyEngine: lib, privateKeyIdentifier: "k" }) }).on("error", () => {}),
      serverClientCertEngine: () => https.createServer({ clientCertEngine: lib }),
      // Around the module's checks: Node's own prototype method, and options changed after the check.
      agentPrototype: () => Object.getPrototypeOf(https.globalAgent).createConnection.call(https.globalAgent, { host: "127.0.0.1", port: 9, clientCertEngine: lib }).on("error", () => {}),
      mutatedAgentOptions: () => { const agent = new https.Agent(); agent.options.privateKeyEngine = lib; agent.options.privateKeyIdentifier = "k"; https.get("https://127.0.0.1:9/", { agent }).on("error", () => {}); },
    };
    attempts[event.attempt]();
    await new Promise((r) => setTimeout(r, 100));
    this.$emit({ survived: event.attempt });
  },
};`;

describe.skipIf(!hasCompiler)('native code through OpenSSL engines', () => {
  const svc = useService();
  const outDirs: string[] = [];
  afterAll(() => outDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it.each([
    'setEngine', 'requestClientCertEngine', 'urlAndOptions', 'getPrivateKeyEngine', 'agentClientCertEngine', 'agentPrivateKeyEngine', 'serverClientCertEngine',
    'agentPrototype', 'mutatedAgentOptions',
  ])('%s: the library never loads and the run fails with a clear error', async (attempt) => {
    const outDir = mkdtempSync(join(tmpdir(), 'runnel-engine-out-'));
    outDirs.push(outDir);
    const lib = buildLibrary(outDir, join(svc.dataDir, 'api-key')).toString('base64');
    const src = await svc.createSource(HOSTILE, { configured_props: { lib } });
    const r = await svc.runSource(src.id, { attempt });

    expect(readdirSync(outDir), 'files the library wrote outside the jail').toEqual([]);
    expect(existsSync(join(outDir, 'marker'))).toBe(false);
    expect(r.ok, JSON.stringify(r)).toBe(false);
    expect(r.error.message).toMatch(/^Runnel: .*(engine|native code).*not available to components/i);
    expect(await svc.events(src.id)).toEqual([]);
  });
});
