// runnel/testing with `data_store` props: the component gets a live store served by the
// service's own data store code, seeded by the test, read back after each run and between runs.
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadComponent, type TestComponent } from '../../src/main/testing/index';
import { useTempFiles } from './helpers';

const files = useTempFiles();

/** Emits each id of the event it has not stored yet; `ttl` stores them with an expiry, `fail` throws after the writes. */
const seenSource = files.write(
  'seen.mjs',
  `export default {
    name: "Seen ids", version: "0.1.0",
    props: { store: { type: "data_store" }, timer: { type: "$.interface.timer", default: { intervalSeconds: 60 } } },
    async run(event) {
      const before = [];
      for await (const [k, v] of this.store) before.push([k, v]);
      for (const id of event.ids ?? []) {
        if (await this.store.has(id)) continue;
        await this.store.set(id, { at: event.at ?? 0 }, event.ttl ? { ttl: event.ttl } : undefined);
        this.$emit({ id }, { id });
      }
      if (event.fail) throw new Error("failed after the writes");
      if (event.loop) for (;;) {}
      return { before, keys: await this.store.keys() };
    },
  };`,
);

/** A workflow step counting its runs per user in one store, with a session that expires. */
const countAction = files.write(
  'count.mjs',
  `export default defineComponent({
    props: { counts: { type: "data_store" } },
    async run({ steps, $ }) {
      const user = steps.trigger.event.user;
      const n = ((await this.counts.get(user)) ?? 0) + 1;
      await this.counts.set(user, n);
      await this.counts.set("session:" + user, { n }, { ttl: 3600 });
      if (steps.trigger.event.fail) throw new TypeError("after the writes");
      const keys = [];
      for await (const k of this.counts.keys()) keys.push(k);
      $.export("keys", keys);
      return n;
    },
  });`,
);

/** The temp folder holding a store's journal: runnel/testing keeps each component's stores in its own. */
function folderOf(storeId: string): string | undefined {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('runnel-testing-'))) {
    const dir = join(tmpdir(), name);
    if (existsSync(join(dir, 'data-stores', `${storeId}.jsonl`))) return dir;
  }
  return undefined;
}

describe('a source with a data_store prop', () => {
  let c: TestComponent;
  beforeAll(async () => {
    c = await loadComponent(seenSource, { dataStores: { store: { a: { at: 0 } } } });
  });
  afterAll(() => c.close());
  afterEach(() => vi.useRealTimers());

  it('starts from the seeded records and returns the store after the run', async () => {
    const r = await c.run({ ids: ['a', 'b'], at: 1 });
    expect(r.error).toBeUndefined();
    expect(r.returnValue).toEqual({ before: [['a', { at: 0 }]], keys: ['a', 'b'] });
    expect(r.emitted.map((e) => e.meta.id)).toEqual(['b']);
    expect(r.dataStores).toEqual({ store: { a: { at: 0 }, b: { at: 1 } } });
  });

  it('is read and changed between runs through c.dataStore()', async () => {
    const store = c.dataStore('store');
    expect(store.id).toMatch(/^ds_/);
    expect(await store.contents()).toEqual({ a: { at: 0 }, b: { at: 1 } });
    expect(await store.delete('a')).toBe(true);
    await store.set('c', { at: 2 });
    const r = await c.run({ ids: ['a', 'c'], at: 3 });
    expect(r.emitted.map((e) => e.meta.id)).toEqual(['a']);
    expect(r.returnValue).toMatchObject({ keys: ['b', 'c', 'a'] });
    expect(await store.get('a')).toEqual({ at: 3 });
    await expect(store.set('', 1)).rejects.toThrow(TypeError);
    await expect(store.set('k', 1, { ttl: -1 })).rejects.toThrow(/ttl must be more than 0/);
  });

  it('sets TTLs on the real clock: a record is gone once Date.now() passes its expiry', async () => {
    const r = await c.run({ ids: ['t'], at: 4, ttl: 3600 });
    expect(r.dataStores.store).toHaveProperty('t', { at: 4 });
    const record = await c.dataStore('store').record('t');
    expect(record).toMatchObject({ key: 't', value: { at: 4 }, ttl: 3600 });
    expect(record!.expires_at! - record!.updated_at).toBe(3_600_000);

    // The harness reads the clock in the test process, so a mocked Date moves expiry.
    vi.setSystemTime(record!.expires_at!);
    expect(await c.dataStore('store').record('t')).toBeUndefined();
    const again = await c.run({ ids: ['t'], at: 5 });
    expect(again.emitted.map((e) => e.meta.id)).toEqual(['t']);
    expect(again.returnValue).toMatchObject({ before: expect.not.arrayContaining([['t', { at: 4 }]]) });
    expect(again.dataStores.store).toHaveProperty('t', { at: 5 });
  });

  it('keeps the writes made before the run threw, or before it was killed at its deadline', async () => {
    const r = await c.run({ ids: ['x'], at: 6, fail: true });
    expect(r.error).toMatchObject({ message: 'failed after the writes' });
    expect(r.dataStores.store).toHaveProperty('x', { at: 6 });

    await using slow = await loadComponent(seenSource, { timeoutSeconds: 1 });
    const killed = await slow.run({ ids: ['y'], loop: true });
    expect(killed.error?.name).toBe('TimeoutError');
    expect(killed.emitted).toEqual([]);
    expect(killed.dataStores).toEqual({ store: { y: { at: 0 } } });
  });
});

describe('an action with a data_store prop', () => {
  it('reads, writes with a TTL and lists keys; a throw keeps the writes before it', async () => {
    await using c = await loadComponent(countAction, { dataStores: { counts: { ada: 4 } } });
    const r = await c.runAction({ event: { user: 'ada' } });
    expect(r.error).toBeUndefined();
    expect(r.returnValue).toBe(5);
    expect(r.exports.keys).toEqual(['ada', 'session:ada']);
    expect(r.dataStores).toEqual({ counts: { ada: 5, 'session:ada': { n: 5 } } });
    expect((await c.dataStore('counts').record('session:ada'))?.ttl).toBe(3600);

    const failed = await c.runAction({ event: { user: 'bo', fail: true } });
    expect(failed.error).toMatchObject({ name: 'TypeError', message: 'after the writes' });
    expect(failed.dataStores.counts).toEqual({ ada: 5, 'session:ada': { n: 5 }, bo: 1, 'session:bo': { n: 1 } });
  });

  it('starts with an empty store when none is given, and can share a store with another component', async () => {
    await using first = await loadComponent(countAction);
    expect((await first.runAction({ event: { user: 'cy' } })).dataStores).toEqual({ counts: { cy: 1, 'session:cy': { n: 1 } } });
    await using second = await loadComponent(countAction, { dataStores: { counts: first.dataStore('counts') } });
    expect(second.dataStore('counts').id).toBe(first.dataStore('counts').id);
    expect((await second.runAction({ event: { user: 'cy' } })).returnValue).toBe(2);
    expect(await first.dataStore('counts').get('cy')).toBe(2);
  });
});

describe('loading and closing', () => {
  it('refuses a dataStores entry that names no data_store prop, and a store given as a prop', async () => {
    await expect(loadComponent(countAction, { dataStores: { count: {} } })).rejects.toThrow('dataStores.count: the component has no data_store prop "count" (its data_store props are "counts")');
    await expect(loadComponent(countAction, { props: { counts: { data_store_id: 'ds_x' } } })).rejects.toThrow(/prop "counts" is a data store: give its records with the dataStores option/);
    await expect(loadComponent(countAction, { dataStores: { counts: { big: 'x'.repeat(300 * 1024) } } })).rejects.toThrow(/dataStores\.counts: .*at most 262144 bytes/);
  });

  it('leaves an optional prop unconfigured with null, as the service does', async () => {
    const file = files.write(
      'optional.mjs',
      `export default defineComponent({ props: { cache: { type: "data_store", optional: true } }, async run() { return this.cache === undefined } })`,
    );
    await using c = await loadComponent(file, { dataStores: { cache: null } });
    const r = await c.runAction();
    expect(r.returnValue).toBe(true);
    expect(r.dataStores).toEqual({});
    expect(() => c.dataStore('cache')).toThrow(/has no store/);
  });

  it('removes the stores with close()', async () => {
    const c = await loadComponent(seenSource, { dataStores: { store: { k: 1 } } });
    const store = c.dataStore('store');
    const dir = folderOf(store.id);
    expect(dir).toBeDefined();
    await c.close();
    expect(existsSync(dir!)).toBe(false);
    await expect(store.get('k')).rejects.toThrow(/removed when the component that owns it was closed/);
    expect(() => c.dataStore('store')).toThrow(/was closed/);
  });
});
