// The stand-ins and allow-listed copies a compartment gets: what still works for the component's
// own code, and what no longer reaches the runner or other components.
import { describe, expect, it } from 'vitest';
import { evalIn, usePool } from './sandbox-helpers';

const { pool } = usePool({ maxRunners: 1 });

describe('stand-ins', () => {
  it('async_hooks: AsyncLocalStorage and AsyncResource work; createHook is inert; executionAsyncResource is refused', async () => {
    const value = await evalIn(
      pool,
      `const { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId, executionAsyncResource } = require('async_hooks');
       const als = new AsyncLocalStorage();
       const inside = await als.run({ user: 'u1' }, async () => { await new Promise((r) => setTimeout(r, 5)); return als.getStore(); });
       class Mine extends AsyncLocalStorage {}
       const mine = new Mine();
       let pinned; try { mine.kResourceStore = 'then'; pinned = 'changed'; } catch (e) { pinned = e.constructor.name; }
       let calls = 0;
       const hook = createHook({ init() { calls++; }, before() { calls++; } });
       const same = hook.enable() === hook;
       await new Promise((r) => setTimeout(r, 5)); await Promise.resolve();
       const bound = AsyncResource.bind(() => 'bound')();
       let resource; try { executionAsyncResource(); resource = 'given'; } catch (e) { resource = e.message; }
       return { inside, outside: als.getStore() ?? null, pinned, instance: mine instanceof AsyncLocalStorage, calls, same, bound, id: typeof executionAsyncId(), resource };`,
    );
    expect(value).toEqual({
      inside: { user: 'u1' }, outside: null, pinned: 'TypeError', instance: true, calls: 0, same: true, bound: 'bound', id: 'number',
      resource: expect.stringMatching(/^Runnel: async_hooks\.executionAsyncResource\(\) is not available to components/),
    });
  });

  it("diagnostics_channel works among the compartment's own code and hears nothing from Node", async () => {
    const value = await evalIn(
      pool,
      `const dc = require('node:diagnostics_channel'), http = require('http');
       const heard = [];
       dc.subscribe('mine', (m, name) => heard.push([name, m]));
       dc.channel('mine').publish({ n: 1 });
       for (const ch of ['http.client.request.start', 'undici:request:create']) dc.subscribe(ch, () => heard.push(ch));
       const server = http.createServer((q, s) => s.end('ok')); await new Promise((r) => server.listen(0, '127.0.0.1', r));
       const url = 'http://127.0.0.1:' + server.address().port;
       await new Promise((r) => http.get(url, (res) => { res.resume(); res.on('end', r); }));
       await (await fetch(url)).text();
       await new Promise((r) => server.close(r));
       const tc = dc.tracingChannel('op'); const traced = [];
       tc.subscribe({ start: (c) => traced.push('start ' + c.x), end: (c) => traced.push('end ' + c.result) });
       const result = tc.traceSync(() => 42, { x: 'a' });
       return { heard, has: dc.hasSubscribers('mine'), none: dc.hasSubscribers('other'), traced, result, unsub: dc.unsubscribe('mine', () => {}) };`,
    );
    expect(value).toEqual({ heard: [['mine', { n: 1 }]], has: true, none: false, traced: ['start a', 'end 42'], result: 42, unsub: false });
  });

  it("performance is the compartment's own: marks and measures, none of the runner's entries", async () => {
    const value = await evalIn(
      pool,
      `const { performance: p, PerformanceObserver, monitorEventLoopDelay } = require('perf_hooks');
       await (await fetch('data:text/plain,x')).text();
       p.mark('a'); await new Promise((r) => setTimeout(r, 2)); p.mark('b');
       const m = p.measure('a-b', 'a', 'b');
       let observed = 0; new PerformanceObserver(() => observed++).observe({ entryTypes: ['mark', 'resource'] });
       let histogram; try { monitorEventLoopDelay(); } catch (e) { histogram = e.message; }
       return { same: p === performance, types: performance.getEntries().map((e) => e.entryType), measured: m.duration > 0,
                now: typeof performance.now(), origin: performance.timeOrigin > 0, observed, histogram: /^Runnel: /.test(histogram) };`,
    );
    expect(value).toEqual({ same: true, types: ['mark', 'mark', 'measure'], measured: true, now: 'number', origin: true, observed: 0, histogram: true });
  });

  it('copies keep their functions and drop what is process-wide', async () => {
    const value = (await evalIn(
      pool,
      `const crypto = require('crypto'), events = require('events'), util = require('util'), stream = require('stream'), buffer = require('buffer');
       const out = {};
       const tries = {
         setEngine: () => crypto.setEngine('x'), setFips: () => crypto.setFips(true), fipsSet: () => { crypto.fips = 1; },
         utilLog: () => util.log('x'), highWaterMark: () => stream.setDefaultHighWaterMark(false, 1), blobUrl: () => buffer.resolveObjectURL('blob:x'),
         inspectDefaults: () => { util.inspect.defaultOptions = { depth: 0 }; },
       };
       for (const [k, f] of Object.entries(tries)) { try { f(); out[k] = 'allowed'; } catch (e) { out[k] = e.message; } }
       events.defaultMaxListeners = 50; events.setMaxListeners(60);
       class Bus extends events {} const bus = new Bus();
       const deprecated = util.deprecate(() => 'old', 'do not use');
       return { out, fips: crypto.fips, max: [events.defaultMaxListeners, bus.getMaxListeners()], self: events.EventEmitter === events && stream.Stream === stream,
                legacy: new stream.Readable() instanceof stream, deprecated: deprecated(), debug: util.debuglog('x').enabled, inspect: util.inspect({ a: 1 }) };`,
    )) as { out: Record<string, string> } & Record<string, unknown>;
    expect(value.out.setEngine).toMatch(/^Runnel: crypto\.setEngine\(\) is not available to components; OpenSSL engines load native code/);
    expect(value.out.setFips).toMatch(/^Runnel: crypto\.setFips\(\) is not available/);
    expect(value.out.fipsSet).toMatch(/^Runnel: setting crypto\.fips is not available/);
    expect(value.out.utilLog).toMatch(/^Runnel: util\.log\(\) is not available.*console\.log/);
    expect(value.out.highWaterMark).toMatch(/^Runnel: stream\.setDefaultHighWaterMark\(\) is not available/);
    expect(value.out.blobUrl).toMatch(/^Runnel: buffer\.resolveObjectURL\(\) is not available/);
    expect(value.out.inspectDefaults).toMatch(/^Runnel: setting util\.inspect\.defaultOptions is not available/);
    expect(value).toMatchObject({ fips: 0, max: [60, 10], self: true, legacy: true, deprecated: 'old', debug: false, inspect: '{ a: 1 }' });
  });

  it("events' process-wide defaults changed in one compartment leave the next one alone", async () => {
    await evalIn(pool, `require('events').defaultMaxListeners = 1; require('events').captureRejections = true; return 1;`);
    const value = await evalIn(pool, `const e = require('events'); return [e.defaultMaxListeners, e.captureRejections, new e().getMaxListeners()];`);
    expect(value).toEqual([10, false, 10]);
  });
});
