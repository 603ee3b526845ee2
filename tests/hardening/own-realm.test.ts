// A component whose code extends built-ins while it loads runs in a realm of its own
// (sandbox README, "Own realms"). What that realm adds — unfrozen intrinsics, its own Function
// and eval, Error.prepareStackTrace — must reach nothing of the runner's and nobody else's.
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const EXTENDS_AT_LOAD = 'Object.defineProperty(Array.prototype, "mine", { value: 1 });';

describe('components in a realm of their own', () => {
  const svc = useService();

  it('reach nothing of the runner through their realm, and leave no trace in another component', { timeout: 120_000 }, async () => {
    const hostile = await svc.createSource(`${EXTENDS_AT_LOAD}
      export default { name: "own realm", version: "1", async run() {
        const out = {};
        const attempt = (what, fn) => { try { out[what] = fn(); } catch (e) { out[what] = "refused: " + e.name; } };
        // Call sites of the runner's frames: functions and receivers would be the runner's own.
        attempt("callSites", () => {
          const leaked = []; let runnerFrames = 0;
          Error.prepareStackTrace = (e, frames) => {
            for (const f of frames) if (!String(f.getFileName()).endsWith("component.js")) { runnerFrames++; if (f.getFunction() || f.getThis()) leaked.push(String(f.getFileName())); }
            return "";
          };
          // Errors of this realm thrown from callbacks the runner's code calls (its frames on the stack).
          const throwing = () => { throw new Error("x"); };
          for (const f of [() => new (require("events"))().on("x", throwing).emit("x"), () => require("util").callbackify(throwing)(() => {}), () => new (require("stream").Readable)({ read: throwing }).read()]) { try { f(); } catch (e) { e.stack; } }
          Error.prepareStackTrace = undefined;
          return { leaked, sawRunnerFrames: runnerFrames > 0 };
        });
        attempt("hostFunction", () => Buffer.constructor.constructor("return typeof globalThis.process")());
        attempt("ownFunction", () => Function("return [typeof require, typeof process.binding, typeof process.dlopen].join()")());
        attempt("hostPrototype", () => { Object.getPrototypeOf(Buffer.prototype).polluted = 1; return "changed"; });
        attempt("hostObject", () => { Object.getPrototypeOf(Object.getPrototypeOf(Buffer.from("a"))).constructor.prototype.polluted = 1; return ({}).polluted; });
        attempt("ownPollution", () => { Object.prototype.polluted = "mine"; return ({}).polluted; });
        attempt("hostSeesIt", () => Buffer.from("a").polluted ?? null);
        attempt("child", () => require("child_process"));
        attempt("wasm", () => new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])));
        this.$emit({ ...out, origin: performance.timeOrigin });
      } };`);
    const again = await svc.createSource(`${EXTENDS_AT_LOAD}
      export default { name: "own realm 2", version: "1", async run() { this.$emit({ polluted: ({}).polluted ?? null, mine: [].mine, origin: performance.timeOrigin }); } };`);
    const peer = await svc.createSource(`export default { name: "peer", version: "1", async run() {
      this.$emit({ polluted: ({}).polluted ?? null, mine: [].mine ?? null, buffer: Buffer.from("a").polluted ?? null, origin: performance.timeOrigin }); } };`);

    const r = await svc.runSource(hostile.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    const e = r.emitted[0].event;
    expect(e.callSites).toEqual({ leaked: [], sawRunnerFrames: true });
    expect(e.hostFunction).toBe('refused: TypeError');
    expect(e.ownFunction).toBe('undefined,undefined,undefined');
    expect(e.hostPrototype).toBe('refused: TypeError');
    expect(e.hostObject).toBe('refused: TypeError');
    expect(e.ownPollution).toBe('mine');
    expect(e.hostSeesIt).toBeNull();
    expect(e.child).toBe('refused: Error');
    expect(e.wasm).toMatch(/^refused: /);

    const other = (await svc.runSource(again.id)).emitted[0].event;
    const plain = (await svc.runSource(peer.id)).emitted[0].event;
    expect([other.origin, plain.origin], 'all three on one runner').toEqual([e.origin, e.origin]);
    expect(other).toMatchObject({ polluted: null, mine: 1 });
    expect(plain).toMatchObject({ polluted: null, mine: null, buffer: null });
  });
});
