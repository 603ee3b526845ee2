import { describe, expect, it } from 'vitest';
import { useService, waitFor } from '../helpers/service';

/** A source whose run(event) performs `event.ops` on its store and emits what each returned. */
const opsSource = `export default {
  name: "Store ops", version: "1",
  props: { store: { type: "data_store" } },
  async run(event) {
    const results = [];
    for (const [op, ...args] of event.ops) {
      try {
        if (op === "iterate") {
          const seen = [];
          for await (const [k, v] of this.store) seen.push([k, v]);
          results.push(seen);
        } else if (op === "iterateKeys") {
          const seen = [];
          for await (const k of this.store.keys()) seen.push(k);
          results.push(seen);
        } else {
          const r = await this.store[op](...args);
          results.push(r === undefined ? "<undefined>" : r);
        }
      } catch (err) {
        results.push({ error: err.name + ": " + err.message });
      }
    }
    this.$emit({ results });
  },
};`;

describe('the data_store prop', () => {
  const svc = useService();
  const newStore = async (name: string) => (await svc.json('/v1/data_stores', { method: 'POST', json: { name } })).data;
  const record = (id: string, key: string) => svc.api(`/v1/data_stores/${id}/records/${encodeURIComponent(key)}`);
  const ops = async (sourceId: string, list: unknown[][]) => {
    const run = await svc.runSource(sourceId, { ops: list });
    expect(run.ok, JSON.stringify(run.error)).toBe(true);
    return run.emitted[0].event.results as unknown[];
  };

  it('gives a component the hosted async API: get, set, setTtl, has, delete, keys, entries, clear, for await', async () => {
    const s = await newStore('api');
    const src = await svc.createSource(opsSource, { configured_props: { store: { data_store_id: s.id } } });
    expect(src.configured_props.store).toEqual({ data_store_id: s.id });
    expect((await svc.json(`/v1/sources/${src.id}`)).data.configured_props.store).toEqual({ data_store_id: s.id });

    const results = await ops(src.id, [
      ['get', 'missing'],
      ['has', 'missing'],
      ['set', 'a', { n: 1 }],
      ['set', 'b', [1, 'two'], { ttl: 3600 }],
      ['set', 'c', ''],
      ['set', 42, 'numeric key'],
      ['get', 'a'],
      ['has', 'a'],
      ['keys'],
      ['entries'],
      ['iterate'],
      ['iterateKeys'],
      ['setTtl', 'a', 120],
      ['setTtl', 'a', null],
      ['setTtl', 'missing', 5],
      ['delete', 'c'],
      ['delete', 'c'],
      ['get', '42'],
    ]);
    expect(results).toEqual([
      '<undefined>',
      false,
      '<undefined>',
      '<undefined>',
      '<undefined>',
      '<undefined>',
      { n: 1 },
      true,
      ['a', 'b', 'c', '42'],
      [
        ['a', { n: 1 }],
        ['b', [1, 'two']],
        ['c', ''],
        ['42', 'numeric key'],
      ],
      [
        ['a', { n: 1 }],
        ['b', [1, 'two']],
        ['c', ''],
        ['42', 'numeric key'],
      ],
      ['a', 'b', 'c', '42'],
      true,
      true,
      false,
      true,
      false,
      'numeric key',
    ]);

    // What the component wrote is what REST shows, expiry included.
    expect((await (await record(s.id, 'a')).json()).data).toMatchObject({ value: { n: 1 }, expires_at: null });
    const b = (await (await record(s.id, 'b')).json()).data;
    expect(b.value).toEqual([1, 'two']);
    expect(b.ttl).toBeGreaterThan(3590);
    expect((await record(s.id, 'c')).status).toBe(404);

    // REST writes are what the component reads; clear() empties the store.
    await svc.json(`/v1/data_stores/${s.id}/records/fromRest`, { method: 'PUT', json: { value: { via: 'rest' } } });
    expect(await ops(src.id, [['get', 'fromRest'], ['clear'], ['keys']])).toEqual([{ via: 'rest' }, '<undefined>', []]);
    expect((await svc.json(`/v1/data_stores/${s.id}`)).data.record_count).toBe(0);
  });

  it('refuses non-JSON values, bad keys and TTLs, and oversized values with a readable error in the component', async () => {
    const s = await newStore('refusals');
    const src = await svc.createSource(opsSource, { configured_props: { store: { data_store_id: s.id } } });
    const big = 'x'.repeat(256 * 1024);
    const code = `export default { name: "Refusals", version: "1", props: { store: { type: "data_store" } },
      async run() {
        const tries = {
          fn: () => this.store.set("f", () => 1),
          undef: () => this.store.set("u", undefined),
          bigint: () => this.store.set("b", { n: 10n }),
          cycle: () => { const o = {}; o.o = o; return this.store.set("c", o); },
          emptyKey: () => this.store.get(""),
          objectKey: () => this.store.get({}),
          badTtl: () => this.store.set("t", 1, { ttl: -1 }),
          badOptions: () => this.store.set("t", 1, 5),
          noTtl: () => this.store.setTtl("t"),
          big: () => this.store.set("big", "${big}"),
        };
        const out = {};
        for (const [name, f] of Object.entries(tries)) {
          try { await f(); out[name] = "no error"; } catch (err) { out[name] = err.name + ": " + err.message; }
        }
        out.date = await this.store.set("d", { at: new Date(0) }).then(() => this.store.get("d"));
        this.$emit(out);
      } };`;
    const refusing = await svc.createSource(code, { configured_props: { store: { data_store_id: s.id } } });
    const out = (await svc.runSource(refusing.id)).emitted[0].event;
    expect(out).toEqual({
      fn: 'TypeError: store.set("f"): the value is not JSON-serializable (function); use delete() to remove a record',
      undef: 'TypeError: store.set("u"): the value is not JSON-serializable (undefined); use delete() to remove a record',
      bigint: expect.stringMatching(/^TypeError: store.set\("b"\): the value is not JSON-serializable \(.*BigInt/),
      cycle: expect.stringMatching(/^TypeError: store.set\("c"\): the value is not JSON-serializable \(.*circular/i),
      emptyKey: 'TypeError: store.get(""): a key must not be empty',
      objectKey: 'TypeError: store.get("[object Object]"): a key must be a string, got object',
      badTtl: 'TypeError: store.set("t"): ttl must be more than 0 seconds (use null to remove the expiry), got -1',
      badOptions: 'TypeError: store.set("t"): the options must be an object such as { ttl: 3600 }, got number',
      noTtl: 'TypeError: store.setTtl("t"): give the TTL in seconds, or null to remove the expiry',
      big: 'RangeError: store.set("big"): the value of "big" is 262146 bytes as JSON; a data store value may be at most 262144 bytes (256 KB)',
      date: { at: '1970-01-01T00:00:00.000Z' },
    });
    expect(await ops(src.id, [['keys']])).toEqual([['d']]);
  });

  it('expires records set with a TTL: they vanish from get, has, keys, entries and iteration', async () => {
    const s = await newStore('expiry');
    const src = await svc.createSource(opsSource, { configured_props: { store: { data_store_id: s.id } } });
    const set = await ops(src.id, [
      ['set', 'brief', 'soon gone', { ttl: 0.5 }],
      ['set', 'extended', 'kept', { ttl: 0.5 }],
      ['setTtl', 'extended', 3600],
      ['set', 'plain', 'forever'],
      ['keys'],
    ]);
    expect(set[4]).toEqual(['brief', 'extended', 'plain']);
    await waitFor(async () => (await record(s.id, 'brief')).status === 404, 3000);
    expect(await ops(src.id, [['get', 'brief'], ['has', 'brief'], ['keys'], ['entries'], ['iterate'], ['delete', 'brief'], ['setTtl', 'brief', 10]])).toEqual([
      '<undefined>',
      false,
      ['extended', 'plain'],
      [
        ['extended', 'kept'],
        ['plain', 'forever'],
      ],
      [
        ['extended', 'kept'],
        ['plain', 'forever'],
      ],
      false,
      false,
    ]);
  });

  it('lets two sources share a store and see each other\'s writes in order', async () => {
    const s = await newStore('shared');
    const counter = `export default { name: "Counter", version: "1", props: { store: { type: "data_store" }, who: { type: "string" } },
      async run() {
        const n = (await this.store.get("n")) ?? 0;
        await this.store.set("n", n + 1);
        const log = (await this.store.get("log")) ?? [];
        await this.store.set("log", [...log, this.who + ":" + (n + 1)]);
        this.$emit({ saw: n });
      } };`;
    const a = await svc.createSource(counter, { name: 'A', configured_props: { store: { data_store_id: s.id }, who: 'A' } });
    const b = await svc.createSource(counter, { name: 'B', configured_props: { store: { data_store_id: s.id }, who: 'B' } });
    const saw: number[] = [];
    for (const id of [a.id, b.id, a.id, b.id, b.id, a.id]) saw.push((await svc.runSource(id)).emitted[0].event.saw);
    expect(saw).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await (await record(s.id, 'log')).json()).data.value).toEqual(['A:1', 'B:2', 'A:3', 'B:4', 'B:5', 'A:6']);

    // Writes are committed in the order they arrive, also while both run at once.
    const appender = `export default { name: "Appender", version: "1", props: { store: { type: "data_store" }, who: { type: "string" } },
      async run() { for (let i = 0; i < 20; i++) await this.store.set(this.who + i, i); this.$emit({ keys: await this.store.keys() }); } };`;
    const x = await svc.createSource(appender, { name: 'X', configured_props: { store: { data_store_id: s.id }, who: 'x' } });
    const y = await svc.createSource(appender, { name: 'Y', configured_props: { store: { data_store_id: s.id }, who: 'y' } });
    const [rx, ry] = await Promise.all([svc.runSource(x.id), svc.runSource(y.id)]);
    const keys: string[] = (await svc.json(`/v1/data_stores/${s.id}/records?limit=100`)).data.map((r: { key: string }) => r.key).reverse();
    const own = (prefix: string) => keys.filter((k) => k.startsWith(prefix));
    expect(own('x')).toEqual(Array.from({ length: 20 }, (_, i) => `x${i}`));
    expect(own('y')).toEqual(Array.from({ length: 20 }, (_, i) => `y${i}`));
    // Each saw all of its own writes, and whatever of the other's had landed before its keys().
    for (const r of [rx, ry]) expect(r.emitted[0].event.keys.length).toBeGreaterThanOrEqual(20 + 2);
  });

  it('keeps what a component wrote before it threw, or before it was killed at its deadline', async () => {
    const s = await newStore('failures');
    const thrower = `export default { name: "Thrower", version: "1", props: { store: { type: "data_store" } },
      async run() { await this.store.set("before-throw", 1); this.store.set("not-awaited", 2); throw new Error("boom after writing"); } };`;
    const t = await svc.createSource(thrower, { configured_props: { store: { data_store_id: s.id } } });
    const run = await svc.runSource(t.id);
    expect(run.ok).toBe(false);
    expect(run.error.message).toBe('boom after writing');
    expect((await (await record(s.id, 'before-throw')).json()).data.value).toBe(1);
    // A call made before run() ended is carried out even if nobody awaited it.
    await waitFor(async () => (await record(s.id, 'not-awaited')).status === 200, 3000);

    const hanger = `export default { name: "Hanger", version: "1", props: { store: { type: "data_store" } },
      async run() { await this.store.set("before-hang", "saved"); for (;;) {} } };`;
    const h = await svc.createSource(hanger, { configured_props: { store: { data_store_id: s.id } }, timeout_seconds: 1 });
    const killed = await svc.runSource(h.id);
    expect(killed.ok).toBe(false);
    expect(killed.error.name).toBe('TimeoutError');
    expect((await (await record(s.id, 'before-hang')).json()).data.value).toBe('saved');

    // A call after run() returned (a promise chain left running; leftover timers are
    // cancelled) is refused, and says so in the log.
    const late = `export default { name: "Late", version: "1", props: { store: { type: "data_store" } },
      async run() { (async () => { for (let i = 0; i < 20; i++) await null; await this.store.set("late", 1); })(); } };`;
    const l = await svc.createSource(late, { configured_props: { store: { data_store_id: s.id } } });
    await svc.runSource(l.id);
    await waitFor(async () => /store\.set\("late"\) was called after the invocation ended/.test(await svc.logText(l.id)), 5000);
    expect((await record(s.id, 'late')).status).toBe(404);
  });

  it('lets a workflow step read what a source wrote, also from an app propDefinition', async () => {
    const s = await newStore('pipeline');
    const writer = `export default { name: "Writer", version: "1", props: { store: { type: "data_store" } },
      async run(event) { await this.store.set("latest", event.body ?? event); this.$emit({ wrote: true }); } };`;
    const src = await svc.createSource(writer, { configured_props: { store: { data_store_id: s.id } } });
    const app = `const data_stores = { type: "app", app: "data_stores", propDefinitions: { dataStore: { type: "data_store", label: "Data Store" } } };`;
    const wf = await svc.createWorkflow({
      name: 'Reads the store',
      trigger: { type: 'source', source_id: src.id },
      steps: [
        {
          name: 'read',
          code: `${app}
          export default defineComponent({
            props: { data_stores, dataStore: { propDefinition: [data_stores, "dataStore"] } },
            async run({ steps, $ }) {
              const latest = await this.dataStore.get("latest");
              const count = ((await this.dataStore.get("reads")) ?? 0) + 1;
              await this.dataStore.set("reads", count);
              $.export("$summary", "read " + JSON.stringify(latest));
              return { latest, count, trigger: steps.trigger.event };
            },
          })`,
          configured_props: { dataStore: { data_store_id: s.id } },
        },
      ],
    });
    expect(wf.steps[0].configured_props.dataStore).toEqual({ data_store_id: s.id });
    await svc.runSource(src.id, { hello: 'world' });
    const runs = async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.filter((r: { status: string }) => r.status !== 'running');
    await waitFor(async () => (await runs()).length === 1, 10_000);
    const [run] = await runs();
    expect(run.status).toBe('success');
    expect(run.steps[0].$return_value).toEqual({ latest: { hello: 'world' }, count: 1, trigger: { wrote: true } });
    expect((await (await record(s.id, 'reads')).json()).data.value).toBe(1);

    // Deleting a store in use is refused, naming every user.
    const inUse = await svc.api(`/v1/data_stores/${s.id}`, { method: 'DELETE' });
    expect(inUse.status).toBe(409);
    const e = (await inUse.json()).error;
    expect(e.message).toContain(src.id);
    expect(e.message).toContain(wf.id);
    expect(e.details.used_by).toEqual([
      { type: 'source', id: src.id, name: 'Writer', prop: 'store' },
      { type: 'workflow', id: wf.id, name: 'Reads the store', step: 'read', prop: 'dataStore' },
    ]);
    expect((await svc.json(`/v1/data_stores/${s.id}`)).data.used_by).toHaveLength(2);
    await svc.json(`/v1/workflows/${wf.id}`, { method: 'DELETE' });
    await svc.json(`/v1/sources/${src.id}`, { method: 'DELETE' });
    expect((await svc.api(`/v1/data_stores/${s.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('gives configuration-time calls the live store: a key prop lists the keys of the chosen store', async () => {
    const s = await newStore('options');
    await svc.json(`/v1/data_stores/${s.id}/records/alpha`, { method: 'PUT', json: { value: 1 } });
    await svc.json(`/v1/data_stores/${s.id}/records/beta`, { method: 'PUT', json: { value: 2 } });
    const code = `const app = { type: "app", app: "data_stores", propDefinitions: {
        dataStore: { type: "data_store", label: "Data Store" },
        key: { type: "string", label: "Key", async options({ dataStore }) { return dataStore.keys(); } },
      } };
      export default { name: "Get record", key: "ds-test-get-record", version: "0.0.1", type: "action",
        props: { app, dataStore: { propDefinition: [app, "dataStore"] }, key: { propDefinition: [app, "key", ({ dataStore }) => ({ dataStore })] } },
        async run() { return this.dataStore.get(this.key); } };`;
    const comp = (await svc.json('/v1/components', { method: 'POST', json: { component_code: code } })).data;
    expect(comp.configurable_props.find((p: { name: string }) => p.name === 'dataStore')).toMatchObject({ type: 'data_store', label: 'Data Store' });
    const opts = await svc.json(`/v1/components/${comp.id}/props/key/options`, { method: 'POST', json: { configured_props: { dataStore: { data_store_id: s.id } } } });
    expect(opts.data.options).toEqual(['alpha', 'beta']);
    const none = await svc.api(`/v1/components/${comp.id}/props/key/options`, { method: 'POST', json: { configured_props: { dataStore: { data_store_id: 'ds_nope000000' } } } });
    expect(none.status).toBe(422);
    expect((await none.json()).error.message).toMatch(/No data store with id "ds_nope000000"/);

    const wf = await svc.createWorkflow({
      name: 'Get a record',
      trigger: { type: 'manual' },
      steps: [{ name: 'get', component_id: comp.id, configured_props: { dataStore: { data_store_id: s.id }, key: 'beta' } }],
    });
    expect((await svc.runWorkflow(wf.id)).steps[0].$return_value).toBe(2);
  });

  it('makes a data_store prop that additionalProps() adds live in run() and hooks, and counts it as a use of the store', async () => {
    const s = await newStore('dynamic');
    const dynamic = `export default { name: "Dyn store", version: "1",
      props: { useStore: { type: "boolean", label: "Use a store", reloadProps: true } },
      async additionalProps() { return this.useStore ? { store: { type: "data_store", label: "Store" } } : {}; },
      hooks: { async deploy() { await this.store.set("deployed", true); } },
      async run(event) { await this.store.set(event.key, event.value); this.$emit({ keys: await this.store.keys() }); } };`;
    const src = await svc.createSource(dynamic, { configured_props: { useStore: true, store: { data_store_id: s.id } } });
    const run = await svc.runSource(src.id, { key: 'k', value: 1 });
    expect(run.ok, JSON.stringify(run.error)).toBe(true);
    expect(run.emitted[0].event).toEqual({ keys: ['deployed', 'k'] });
    expect((await (await record(s.id, 'k')).json()).data.value).toBe(1);
    expect((await svc.api(`/v1/data_stores/${s.id}`, { method: 'DELETE' })).status).toBe(409);
  });

  it('answers 400 naming the prop for a missing, malformed or unknown data_store_id', async () => {
    const s = await newStore('validation');
    const create = (configured_props: object) => svc.api('/v1/sources', { method: 'POST', json: { component_code: opsSource, configured_props } });
    const message = async (r: Response) => {
      expect(r.status).toBe(400);
      return (await r.json()).error.message as string;
    };
    expect(await message(await create({}))).toBe('Missing required prop: store');
    expect(await message(await create({ store: 'ds_abc' }))).toMatch(/^Prop "store" takes a data store as \{"data_store_id": "ds_…"\}/);
    expect(await message(await create({ store: { data_store_id: 'ds_nope000000' } }))).toBe('Prop "store": no data store with id "ds_nope000000"');

    const src = await svc.createSource(opsSource, { configured_props: { store: { data_store_id: s.id } } });
    const update = await svc.api(`/v1/sources/${src.id}`, { method: 'PUT', json: { configured_props: { store: { data_store_id: 'ds_gone000000' } } } });
    expect(await message(update)).toBe('Prop "store": no data store with id "ds_gone000000"');

    const step = (configured_props: object) =>
      svc.api('/v1/workflows', {
        method: 'POST',
        json: {
          name: 'Bad store',
          trigger: { type: 'manual' },
          steps: [{ name: 's', code: 'export default defineComponent({ props: { db: { type: "data_store" } }, async run() { return 1; } })', configured_props }],
        },
      });
    expect(await message(await step({}))).toMatch(/missing required prop: db/);
    expect(await message(await step({ db: { data_store_id: 'ds_nope000000' } }))).toBe('Prop "db": no data store with id "ds_nope000000"');
    // An optional data_store prop may be left out: the component then has no store.
    const optional = `export default { name: "Optional", version: "1", props: { store: { type: "data_store", optional: true } }, async run() { this.$emit({ has: this.store !== undefined }); } };`;
    const o = await svc.createSource(optional);
    expect((await svc.runSource(o.id)).emitted[0].event).toEqual({ has: false });
  });
});
