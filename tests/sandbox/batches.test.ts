// Batches of `run` invocations: every invocation reported once, in order, with its own outcome;
// and when the runner is killed mid-batch, what the pool can say about which one was stopped.
import { describe, expect, it } from 'vitest';
import type { InvokeOutcome, ItemOutcome } from '../../src/main/domain/invocations';
import { request, usePool } from './sandbox-helpers';

const { pool } = usePool({ maxRunners: 1 });

/** A component whose run() behaves as each event says. */
const STEPS = `export default { props: { db: '$.service.db' }, async run(event) {
  if (event.block) { while (true) {} }
  if (event.waitMs) await new Promise((r) => setTimeout(r, event.waitMs));
  const n = (this.db.get('n') ?? 0) + 1;
  this.db.set('n', n);
  this.$emit({ i: event.i, n });
} }`;

async function runBatch(events: object[], o: { timeoutMs?: number; reportEach?: boolean } = {}) {
  const req = await request(STEPS, {
    event: undefined,
    batch: events,
    interfaces: { db: { kind: 'db' } },
    timeoutMs: o.timeoutMs ?? 10_000,
    ...(o.reportEach ? { reportEach: true } : {}),
  });
  const items: { index: number; outcome: ItemOutcome; at: number }[] = [];
  const started = performance.now();
  const outcome: InvokeOutcome = await pool.invoke(req, { onItem: (index, item) => items.push({ index, outcome: item, at: performance.now() - started }) });
  return { outcome, items, took: performance.now() - started };
}

describe('batches of run invocations', () => {
  it('reports each invocation once, in order, each seeing the db the one before left', async () => {
    const { outcome, items } = await runBatch(Array.from({ length: 25 }, (_, i) => ({ i })));
    expect(outcome).toMatchObject({ ok: true, killed: false, completed: 25 });
    expect(items.map((x) => x.index)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(items.map((x) => x.outcome.emits[0].event)).toEqual(Array.from({ length: 25 }, (_, i) => ({ i, n: i + 1 })));
    expect(items.every((x) => x.outcome.ok && x.outcome.db.set.n !== undefined)).toBe(true);
  });

  it('reports an invocation that waited as soon as it finishes, not with the end of the batch', async () => {
    const { outcome, items, took } = await runBatch([{ i: 0, waitMs: 20 }, { i: 1, waitMs: 600 }]);
    expect(outcome.completed).toBe(2);
    expect(items[0].index).toBe(0);
    expect(took - items[0].at).toBeGreaterThan(300);
  });

  it('blames an invocation stuck waiting past its deadline, keeping the ones before it', async () => {
    const { outcome, items } = await runBatch([{ i: 0 }, { i: 1 }, { i: 2, waitMs: 60_000 }, { i: 3 }], { timeoutMs: 700 });
    expect(outcome).toMatchObject({ ok: false, killed: true, completed: 2, error: { name: 'TimeoutError' } });
    expect(outcome.blameUnknown).toBeUndefined();
    expect(items.map((x) => x.outcome.emits[0].event)).toEqual([{ i: 0, n: 1 }, { i: 1, n: 2 }]);
  });

  it('says when it cannot know which invocation blocked: earlier reports may have been held back', async () => {
    const { outcome, items } = await runBatch([{ i: 0 }, { i: 1 }, { i: 2, block: true }, { i: 3 }], { timeoutMs: 700 });
    expect(outcome).toMatchObject({ ok: false, killed: true, error: { name: 'TimeoutError' } });
    expect(outcome.completed).toBe(items.length);
    // Invocations 0 and 1 finished in the same turn of the event loop as 2 began: held back.
    expect(outcome.completed).toBeLessThan(2);
    expect(outcome.blameUnknown).toBe(true);
  });

  it('with reportEach, reports each as it finishes and knows which one blocked', async () => {
    const { outcome, items } = await runBatch([{ i: 0 }, { i: 1 }, { i: 2, block: true }, { i: 3 }], { timeoutMs: 700, reportEach: true });
    expect(outcome).toMatchObject({ ok: false, killed: true, completed: 2, error: { name: 'TimeoutError' } });
    expect(outcome.blameUnknown).toBeUndefined();
    expect(items.map((x) => x.outcome.emits[0].event)).toEqual([{ i: 0, n: 1 }, { i: 1, n: 2 }]);
  });
});
