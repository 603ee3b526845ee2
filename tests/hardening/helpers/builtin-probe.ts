// A hostile component that probes every Node built-in it can reach (each name with and without
// `node:`, by require and by import()), walks what it gets, and actually tries every dangerous
// capability it finds: loading native code, spawning, watching other components, and writing
// outside its scratch folder (paths, descriptors 0-10, unix sockets). It reports `findings` (what
// worked and must not), `tried` (every attempt) and `loaded`/`refused` (the names), so a test can
// tell an empty list from a probe that never reached anything.
//
// Run it twice on one runner: `{ phase: "install" }` tries everything and leaves observers
// (hooks, channel subscribers, performance observers, agent listeners) in place; then another
// component runs; then `{ phase: "report" }` adds whatever those observers saw of it.

export interface ProbeOptions {
  /** Names from the test process's `require('module').builtinModules`. */
  builtins: readonly string[];
  /** A host folder outside the jail and not under /tmp (which a component's paths map into its scratch folder). */
  outside: string;
  /** A URL the probe's own requests go to (a local test server). */
  target: string;
}

export const FD_MARK = 'PROBE-FD-WRITE';

/** The probe's source code. */
export function builtinProbe(o: ProbeOptions): string {
  return `import fs from "fs";
const BUILTINS = ${JSON.stringify([...o.builtins, 'test'])};
const OUTSIDE = ${JSON.stringify(o.outside)};
const TARGET = ${JSON.stringify(o.target)};
const MARK = ${JSON.stringify(FD_MARK)};
const findings = [], tried = [], loaded = [], refused = [], seen = [], sockets = [];
let fired = 0;
// A refusal: ours ("Runnel: ..."), a locked host object, or a capability that is simply absent.
const refusal = (e) => /^Runnel: /.test(String(e && e.message)) || /read.only|not extensible|Cannot (assign|add|define|redefine)|is not a (function|constructor)|Cannot read properties of (undefined|null)|Illegal invocation|Class constructor/.test(String(e && e.message));
async function attempt(what, fn, worked = () => true) {
  tried.push(what);
  try {
    const r = await fn();
    if (await worked(r)) findings.push(what + ": allowed");
  } catch (e) {
    if (!refusal(e)) findings.push(what + ": reached Node (" + String(e && e.message).slice(0, 160) + ")");
  }
}
const settle = (emitter, ok, bad, ms = 300) => new Promise((resolve) => {
  const t = setTimeout(() => resolve(false), ms);
  emitter.once?.(ok, () => { clearTimeout(t); resolve(true); });
  emitter.once?.(bad, () => { clearTimeout(t); resolve(false); });
});
const keep = (from, v) => {
  fired++;
  let text; try { text = JSON.stringify(v, (k, x) => (typeof x === "bigint" || typeof x === "function" ? String(x) : x)); } catch { text = String(v); }
  seen.push(from + " " + String(text).slice(0, 2000));
  if (seen.length > 2000) seen.shift();
};

/** Every name, with and without node: (and as the old internal runnel: names), by require and by import(): the same answer each way. */
async function loadAll() {
  const mods = {};
  for (const base of BUILTINS) {
    for (const name of [base, "node:" + base, ["runnel", base].join(":")]) {
      let viaRequire, viaImport;
      try { mods[name] = require(name); viaRequire = "loaded"; } catch (e) { viaRequire = refusal(e) ? "refused" : "error " + e.message; }
      try { await import(name); viaImport = "loaded"; } catch (e) { viaImport = refusal(e) ? "refused" : "error " + e.message; }
      if (viaRequire !== viaImport) findings.push(name + ": require says " + viaRequire + " but import() says " + viaImport);
      if (viaRequire === "loaded") loaded.push(name); else if (viaRequire === "refused") refused.push(name); else findings.push(name + ": " + viaRequire);
    }
  }
  return mods;
}

/** Every function reachable from the modules and the globals (and their classes' prototypes), by name. */
function walk(roots) {
  const byName = new Map(), visited = new Set();
  const visit = (v, path, depth) => {
    if ((typeof v !== "object" && typeof v !== "function") || v === null || visited.has(v) || depth > 3) return;
    visited.add(v);
    let keys = [];
    try { keys = Reflect.ownKeys(v); } catch {}
    for (const k of keys) {
      if (typeof k !== "string") continue;
      let x; try { x = v[k]; } catch { continue; }
      if (typeof x === "function") { if (!byName.has(k)) byName.set(k, []); byName.get(k).push({ path: path + "." + k, fn: x, owner: v }); }
      visit(x, path + "." + k, depth + 1);
    }
  };
  for (const [name, v] of Object.entries(roots)) visit(v, name, 0);
  return byName;
}

async function tryEverything(mods, emit) {
  fs.writeFileSync("/tmp/not-a-library.so", "these bytes are not a shared library");
  const own = new Set([fs.openSync("/tmp/not-a-library.so", "r")]);
  const lib = "/proc/self/fd/" + [...own][0];
  // What the table gives by any spelling (the probe goes on with whatever it got).
  const get = (n) => mods[n] ?? mods["node:" + n] ?? mods[["runnel", n].join(":")] ?? {};
  const http = get("http"), https = get("https"), tty = get("tty"), fsp = get("fs/promises");
  const byName = walk({ ...mods, globalThis: { process, performance, crypto, fetch, Buffer, URL } });
  const each = async (name, fn) => { for (const hit of byName.get(name) ?? []) await fn(hit); };

  // Native code: engines and loaders wherever they appear (the library bytes are junk; reaching the loader at all is the finding).
  for (const n of ["setEngine", "dlopen", "setFips", "setClientCertEngine", "setEngineKey", "_linkedBinding", "binding", "createRequire", "runMain", "_load"]) {
    await each(n, (hit) => attempt("native: " + hit.path, () => hit.fn.call(hit.owner, n === "dlopen" ? { exports: {} } : lib, lib)));
  }
  await attempt("native: https.request clientCertEngine", () => https.request({ host: "127.0.0.1", port: 9, clientCertEngine: lib }).on("error", () => {}).end());
  await attempt("native: https.Agent privateKeyEngine", () => https.get("https://127.0.0.1:9/", { agent: new https.Agent({ privateKeyEngine: lib, privateKeyIdentifier: "k" }) }).on("error", () => {}));
  await attempt("native: Agent.prototype.createConnection", () => Object.getPrototypeOf(https.globalAgent).createConnection.call(https.globalAgent, { host: "127.0.0.1", port: 9, clientCertEngine: lib }).on("error", () => {}));
  await attempt("native: agent.options changed later", () => { const a = new https.Agent(); a.options.clientCertEngine = lib; https.get("https://127.0.0.1:9/", { agent: a }).on("error", () => {}); });
  await attempt("native: https.Server clientCertEngine", () => https.createServer({ clientCertEngine: lib }));
  await attempt("native: server.constructor clientCertEngine", () => new (https.createServer().constructor)({ clientCertEngine: lib }));
  await attempt("native: require of a .node file", () => require(["", "tmp", "not-a-library.node"].join("/")));

  // Spawning: whatever can start a process or a thread.
  const cmd = ["/bin/sh", ["-c", "echo spawned > " + OUTSIDE + "/spawned"]];
  for (const n of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork", "setupPrimary", "setupMaster"]) {
    await each(n, (hit) => attempt("spawn: " + hit.path, () => hit.fn.call(hit.owner, ...cmd)));
  }
  await each("Worker", (hit) => attempt("spawn: new " + hit.path, () => new hit.fn("1", { eval: true })));
  await attempt("spawn: child_process.execSync", () => require("child_process").execSync(cmd[1][1]));
  await attempt("spawn: node:child_process.spawn", () => require("node:child_process").spawn(...cmd));
  await attempt("spawn: worker_threads.Worker", () => new (require("worker_threads").Worker)("1", { eval: true }));
  await attempt("spawn: cluster.fork", () => require("cluster").fork());

  // Other components' work: observers that must never fire for Node's own activity.
  await each("createHook", (hit) => attempt("watch: " + hit.path, () => hit.fn.call(hit.owner, { init(id, type, trigger, resource) { keep("hook " + type, Object.keys(resource ?? {})); } }).enable(), () => false));
  await each("executionAsyncResource", (hit) => attempt("watch: " + hit.path, () => hit.fn.call(hit.owner), (r) => typeof r === "object" && r !== null));
  for (const n of ["monitorEventLoopDelay", "createHistogram"]) await each(n, (hit) => attempt("watch: " + hit.path, () => hit.fn.call(hit.owner)));
  for (const dc of [get("diagnostics_channel")]) {
    for (const ch of ["http.client.request.start", "http.client.response.finish", "http.server.request.start", "undici:request:create", "undici:client:sendHeaders", "net.client.socket", "net.server.socket"]) {
      await attempt("watch: diagnostics_channel " + ch, () => dc.subscribe(ch, (m) => keep("channel " + ch, m?.request?.getHeaders?.() ?? m?.request?.headers ?? m?.headers ?? Object.keys(m ?? {}))), () => false);
    }
  }
  await attempt("watch: PerformanceObserver", () => new (get("perf_hooks").PerformanceObserver)((list) => keep("observer", list.getEntries())).observe({ entryTypes: ["http", "resource", "net", "dns", "function", "gc"] }), () => false);
  for (const agent of [http.globalAgent, https.globalAgent]) {
    // Its own agents hand it its own sockets; one it did not open would be another component's.
    await attempt("watch: globalAgent free sockets", () => agent.on("free", (socket) => sockets.push(socket.remoteAddress + ":" + socket.remotePort)), () => false);
  }

  // The probe's own requests: none of the observers above may hear them.
  let sock, HandleClass;
  const req = http.get(TARGET + "/probe", { headers: { "x-probe": "own" } });
  await new Promise((resolve) => {
    req.on("response", (res) => { sock = req.socket; HandleClass = sock._handle?.constructor; res.resume(); res.on("end", resolve); });
    req.on("error", resolve);
  });
  await (await fetch(TARGET + "/probe-fetch")).text();
  await new Promise((r) => setTimeout(r, 50));
  if (fired > 0) findings.push("watch: observers fired for Node's own activity: " + seen.slice(0, 5).join(" | "));
  for (const [name, perf] of [["global performance", performance], ["perf_hooks.performance", get("perf_hooks").performance ?? performance]]) {
    const foreign = perf.getEntries().filter((e) => e.entryType !== "mark" && e.entryType !== "measure");
    if (foreign.length > 0) findings.push("watch: " + name + " holds the runner's entries: " + foreign.map((e) => e.entryType + " " + e.name).slice(0, 5).join(", "));
  }
  // A request made through Node's own constructor would use the runner's shared agent.
  await attempt("watch: a ClientRequest made by req.constructor", () => { const r2 = new (req.constructor)(TARGET + "/forged"); r2.on("error", () => {}); r2.end(); return r2.agent; }, (agent) => agent !== http.globalAgent);

  // Writing outside scratch: paths.
  await attempt("write: fs outside", () => fs.writeFileSync(OUTSIDE + "/fs-write", "x"));
  await attempt("write: fs via ..", () => fs.writeFileSync("/tmp/../../../../../.." + OUTSIDE + "/dotdot", "x"));
  await attempt("write: fs/promises outside", () => fsp.writeFile(OUTSIDE + "/fsp-write", "x"));
  await attempt("write: symlink out", () => fs.symlinkSync(OUTSIDE, "/tmp/out-link"));
  await attempt("write: stream outside", () => fs.createWriteStream(OUTSIDE + "/stream"));
  // Descriptors 0-10 (3 is the runner's channel to the service): every door that takes a number.
  const fh = await fsp.open("/tmp/handle.txt", "w");
  own.add(fh.fd);
  const sym = (n) => Object.getOwnPropertySymbols(fh).find((s) => s.description === n);
  const protoSym = (n) => Object.getOwnPropertySymbols(Object.getPrototypeOf(fh)).find((s) => s.description === n);
  for (let fd = 0; fd <= 10; fd++) {
    if (own.has(fd)) continue;
    const line = "\\n" + MARK + " " + fd + "\\n";
    await attempt("fd " + fd + ": fs.writeSync", () => fs.writeSync(fd, line));
    await attempt("fd " + fd + ": fs.createWriteStream", () => fs.createWriteStream(null, { fd }).write(line));
    await attempt("fd " + fd + ": tty.WriteStream", () => new tty.WriteStream(fd).write(line));
    await attempt("fd " + fd + ": socket.constructor", () => new (sock.constructor)({ fd, writable: true }).write(line));
    await attempt("fd " + fd + ": socket handle open", () => { const h = new HandleClass(0); h.open(fd); return h; });
    await attempt("fd " + fd + ": FileHandle constructor", () => new (fh.constructor)({ fd }).write(line));
    await attempt("fd " + fd + ": forged FileHandle", () => { const f = Object.create(Object.getPrototypeOf(fh)); for (const s of Object.getOwnPropertySymbols(fh)) f[s] = fh[s]; f[sym("kFd")] = fd; return f.write(line); });
    await attempt("fd " + fd + ": swapped descriptor", async () => { const f = await fsp.open("/tmp/swap.txt", "w"); f[sym("kFd")] = fd; try { return await f.write(line); } finally { f[sym("kFd")] = -1; } });
    await attempt("fd " + fd + ": FileHandle deserialize", async () => { const f = await fsp.open("/tmp/swap2.txt", "w"); f[protoSym("kDeserialize")]({ handle: { fd } }); return f.write(line); });
    await attempt("fd " + fd + ": native FileHandle", () => new (fh[sym("kHandle")].constructor)(fd));
    await each("WriteStream", (hit) => attempt("fd " + fd + ": new " + hit.path, () => new hit.fn(fd).write(line)));
  }
  // Local sockets: listening on or connecting to a path, a descriptor or a handle.
  const server = http.createServer();
  for (const [what, args] of [["path", [OUTSIDE + "/probe.sock"]], ["{ path }", [{ path: OUTSIDE + "/probe2.sock" }]], ["{ fd: 3 }", [{ fd: 3 }]], ["a handle", [{ handle: new HandleClass(0) }]]]) {
    await attempt("unix: listen on " + what, () => { const s = new (server.constructor)(); s.on("error", () => {}); s.listen(...args); return settle(s, "listening", "error"); }, (ok) => ok);
  }
  await attempt("unix: http socketPath", () => http.get({ socketPath: "/var/run/docker.sock", path: "/info" }).on("error", () => {}));
  await attempt("unix: agent socketPath", () => http.get("http://x/", { agent: new http.Agent({ socketPath: "/var/run/docker.sock" }) }).on("error", () => {}));
  await attempt("unix: socket connect to a path", () => Object.getPrototypeOf(sock).connect.call(sock, "/var/run/docker.sock"));
  emit();
}

export default { name: "builtin probe", version: "1", async run(event) {
  const emit = () => this.$emit({ findings, tried: tried.length, loaded, refused, sockets: sockets.length, origin: performance.timeOrigin });
  if (event.phase === "install") return tryEverything(await loadAll(), emit);
  await new Promise((r) => setTimeout(r, 50));
  this.$emit({ seen: Buffer.from(JSON.stringify(seen)).toString("base64"), count: seen.length, sockets: sockets.length, findings, origin: performance.timeOrigin });
} };
`;
}
