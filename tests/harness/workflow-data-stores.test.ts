// runnel/testing's loadWorkflow with `data_store` props: the stores the test gives are the ones
// the steps' runner reads and writes, so a step sees the test's records, a later step sees what
// an earlier step wrote, and the test sees both (the same store in all three places).
import { mkdirSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadComponent, loadWorkflow, timerEvent, type TestComponent, type TestWorkflow } from '../../src/main/testing/index';
import { useTempFiles } from './helpers';

const files = useTempFiles();
const step = (name: string, body: string) =>
  files.write(`${name}.mjs`, `export default defineComponent({ props: { store: { type: "data_store" } }, async run({ steps, $ }) { ${body} } });\n`);

let wf: TestWorkflow | undefined;
let c: TestComponent | undefined;
afterEach(async () => {
  await wf?.close();
  await c?.close();
  wf = c = undefined;
});

describe('loadWorkflow with data stores', () => {
  it('gives the test records to a step, and a step write to a later step and to the test', async () => {
    wf = await loadWorkflow({
      dataStores: { orders: { 'order:1': { total: 5 } } },
      steps: [
        { name: 'read', file: step('read', `return await this.store.get("order:1");`), props: { store: 'orders' } },
        { name: 'write', file: step('write', `await this.store.set("order:2", { total: steps.read.$return_value.total * 2 }); return "ok";`), props: { store: 'orders' } },
        { name: 'again', file: step('again', `return await this.store.keys();`), props: { store: 'orders' } },
      ],
    });
    const run = await wf.run();
    expect(run.steps.map((s) => s.error)).toEqual([null, null, null]);
    expect(run.steps.map((s) => s.$return_value)).toEqual([{ total: 5 }, 'ok', ['order:1', 'order:2']]);
    expect(await wf.dataStore('orders').get('order:2')).toEqual({ total: 10 });

    // The test's own writes between runs reach the next run.
    await wf.dataStore('orders').set('order:1', { total: 7 });
    const next = await wf.run();
    expect(next.steps[0].$return_value).toEqual({ total: 7 });
    expect(await wf.dataStore('orders').contents()).toEqual({ 'order:1': { total: 7 }, 'order:2': { total: 14 } });
  });

  it('shares a loaded component\'s store with a step, and names the stores it has when a step names another', async () => {
    c = await loadComponent(step('seed', `await this.store.set("from-component", 1);`), { dataStores: { store: { kept: true } } });
    await c.runAction();
    wf = await loadWorkflow({
      dataStores: { shared: c.dataStore('store') },
      steps: [{ name: 'read', file: step('read2', `return await this.store.entries();`), props: { store: 'shared' } }],
    });
    const run = await wf.run();
    expect(run.steps[0].$return_value).toEqual([['kept', true], ['from-component', 1]]);

    await expect(
      loadWorkflow({ dataStores: { orders: {} }, steps: [{ name: 'read', file: step('read3', `return 1;`), props: { store: 'order' } }] }),
    ).rejects.toThrow('runnel/testing: step "read": prop "store" names the data store "order", but the workflow\'s dataStores are "orders"');
  });
});

describe('a workflow that does not load', () => {
  it('leaves no temp folder behind', async () => {
    // The harness makes its folders under os.tmpdir(), which reads TMPDIR: an empty one of our own.
    const own = files.write('tmp-probe.txt', '') + '.d';
    mkdirSync(own);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = own;
    try {
      await expect(loadWorkflow({ steps: [{ name: 'read', file: step('read4', `return 1;`), props: { store: 'none' } }] })).rejects.toThrow(
        'the workflow has none: give them with loadWorkflow\'s dataStores option',
      );
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(own)).toEqual([]);
  });
});

describe('loadComponent with a source and a data store', () => {
  it('reads the given records, writes one, sees it on the next run; the test sees it too', async () => {
    const source = files.write(
      'counter.mjs',
      `export default defineComponent({ name: "Counter", version: "0.1.0", type: "source", props: { store: { type: "data_store" }, timer: { type: "$.interface.timer", default: { intervalSeconds: 60 } } },
        async run() { const n = (await this.store.get("n")) ?? 0; await this.store.set("n", n + 1); this.$emit({ n }, { id: String(n) }); } });\n`,
    );
    c = await loadComponent(source, { dataStores: { store: { n: 41 } } });
    const first = await c.run(timerEvent());
    expect(first.emitted.map((e) => e.event)).toEqual([{ n: 41 }]);
    const second = await c.run(timerEvent());
    expect(second.emitted.map((e) => e.event)).toEqual([{ n: 42 }]);
    expect(await c.dataStore('store').get('n')).toBe(43);
  });
});
