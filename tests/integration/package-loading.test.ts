// npm packages that real registry components depend on, reproduced by fixture packages
// (tests/fixtures/npm) served by a registry of the test's own (issue 16, section 1): packages
// that extend built-ins at load, packages that load refused built-ins at import time, and two
// versions of one package side by side.
import { describe, expect, it } from 'vitest';
import { useFixtureRegistry } from '../helpers/fixture-registry';
import { useService } from '../helpers/service';

const options: { env?: Record<string, string> } = {};

describe('npm packages as real components use them', () => {
  const registry = useFixtureRegistry(options);
  const svc = useService(options);

  it('loads a package that extends built-ins at load; another component on the same runner sees none of it', { timeout: 120_000 }, async () => {
    const extending = await svc.createSource(`import natives from "runnel-fixture-natives";
      export default { name: "extends natives", version: "1", async run() {
        const once = (() => Math.random()).once();
        this.$emit({
          first: [3, 4].first(), sum: [1, 2, 3].sum(), last: [1, 2].last(), cap: "abc".capitalize(),
          once: once() === once(), size: Object.sizeOf({ a: 1, b: 2 }), tagged: natives.methods.every.instance.name,
          keysTag: Object.keys.instance.name, isArray: Array.isArray([1]), json: JSON.stringify({ a: [1] }),
          base64: Buffer.from("hi").toString("base64"), epoch: new Date(0).isEpoch(), now: Date.now() > 0, origin: performance.timeOrigin,
        });
      } };`);
    const peer = await svc.createSource(`export default { name: "peer", version: "1", async run() {
      const seen = {
        first: typeof [].first, last: typeof [].last, cap: typeof "".capitalize, once: typeof (() => 1).once,
        size: typeof Object.sizeOf, epoch: typeof new Date().isEpoch, every: Object.getOwnPropertyNames(Array.prototype.every).includes("instance"), keys: typeof Object.keys.instance,
      };
      let polluted = null; try { Array.prototype.first = () => 1; } catch (e) { polluted = e.name; }
      this.$emit({ seen, polluted, origin: performance.timeOrigin });
    } };`);
    const ran = await svc.runSource(extending.id);
    expect(ran.ok, JSON.stringify(ran.error)).toBe(true);
    const e = ran.emitted[0].event;
    expect(e).toMatchObject({ first: 3, sum: 6, last: 2, cap: 'Abc', once: true, size: 2, tagged: 'every', keysTag: 'keys', isArray: true, json: '{"a":[1]}', base64: 'aGk=', epoch: true, now: true });
    const after = await svc.runSource(peer.id);
    expect(after.ok, JSON.stringify(after.error)).toBe(true);
    expect(after.emitted[0].event.origin, 'both ran on one runner').toBe(e.origin);
    expect(after.emitted[0].event.seen).toEqual({ first: 'undefined', last: 'undefined', cap: 'undefined', once: 'undefined', size: 'undefined', epoch: 'undefined', every: false, keys: 'undefined' });
    // The peer itself is still in the frozen realm: its own pollution is refused.
    expect(after.emitted[0].event.polluted).toBe('TypeError');
    // The extending component keeps its extensions on later runs.
    expect((await svc.runSource(extending.id)).emitted[0].event.first).toBe(3);
  });

  it('loads packages that require child_process & co. at import; calling them fails clearly; the component itself is still refused', { timeout: 120_000 }, async () => {
    const src = await svc.createSource(`import sdk from "runnel-fixture-spawns";
      export default { name: "sdk", version: "1", async run() {
        const refusals = {};
        for (const [k, f] of Object.entries({ gcloud: () => sdk.gcloudProject(), heap: () => sdk.heap(), thread: () => sdk.thread() })) {
          try { await f(); refusals[k] = "allowed"; } catch (e) { refusals[k] = e.message; }
        }
        let own = "loaded"; try { require("child_process"); } catch (e) { own = e.message; }
        this.$emit({ facts: sdk.facts(), refusals, own });
      } };`);
    const ran = await svc.runSource(src.id);
    expect(ran.ok, JSON.stringify(ran.error)).toBe(true);
    const e = ran.emitted[0].event;
    expect(e.facts).toEqual({ isMainThread: true, isPrimary: true, workerIsClass: true, hasLookup: true, hasHeapStats: true, hasSession: true });
    expect(e.refusals.gcloud).toMatch(/^Runnel: child_process\.execFile\(\) is not available to components; /);
    expect(e.refusals.heap).toMatch(/^Runnel: v8\.getHeapStatistics\(\) is not available to components; /);
    expect(e.refusals.thread).toMatch(/^Runnel: new worker_threads\.Worker\(\) is not available to components; /);
    expect(e.own).toBe('Runnel: the "child_process" module is not available to components');
    // Importing it in the component's own code is still refused when it is saved.
    const own = await svc.api('/v1/sources', { method: 'POST', json: { component_code: 'import cp from "child_process"; export default { name: "cp", version: "1", run() { cp.execSync("id"); } }' } });
    expect(own.status).toBe(400);
    expect((await own.json()).error.message).toMatch(/"child_process" module is not available to components/);
  });

  it('gives each version of one package to the import that names it, side by side', { timeout: 120_000 }, async () => {
    const src = await svc.createSource(`import current from "runnel-fixture-versioned"; import old from "runnel-fixture-versioned@1.0.0";
      import oldAgain from "runnel-fixture-versioned@1.0.0"; import major2 from "runnel-fixture-versioned@^2";
      export default { name: "two versions", version: "1", async run() {
        this.$emit({ current: current.version, old: old.version, major2: major2.version, counts: [current.count(), old.count(), oldAgain.count(), major2.count()] });
      } };`);
    const ran = await svc.runSource(src.id);
    expect(ran.ok, JSON.stringify(ran.error)).toBe(true);
    // One module per version: the two 1.0.0 imports share one, the two 2.0.0 imports another.
    expect(ran.emitted[0].event).toEqual({ current: '2.0.0', old: '1.0.0', major2: '2.0.0', counts: [1, 1, 2, 2] });
    const state = (await svc.json('/v1/packages')).data;
    // The package's own folder keeps the unpinned import's version; 1.0.0 is beside it under an alias.
    expect(state.sets.flat()).toEqual(expect.arrayContaining(['runnel-fixture-versioned@2.0.0', 'runnel-fixture-versioned__v1.0.0@npm:runnel-fixture-versioned@1.0.0']));
    expect(registry.requests).toContain('GET /runnel-fixture-versioned');
  });
});
