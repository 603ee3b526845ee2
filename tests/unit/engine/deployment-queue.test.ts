// A deployment's queue (here a source's): runs in arrival order, batched; under load a batch waits briefly for more.
import { describe, expect, it } from 'vitest';
import { DeploymentQueue } from '../../../src/main/engine/deployments/deployment-queue';
import type { TriggerInput } from '../../../src/main/domain/triggers';
import type { RunOutcome } from '../../../src/main/runtime/source-invoker';

const outcome = (): RunOutcome => ({ outcome: { ok: true, killed: false, emits: [], db: { set: {}, del: [] } }, stored: [], deduped: 0 });

/** A queue whose runner takes `runMs` per batch and records each batch's events. */
function queue(holdMs: number, runMs = 5) {
  const batches: unknown[][] = [];
  const q = new DeploymentQueue<RunOutcome>({
    label: 'source',
    capacity: () => 1000,
    holdMs,
    maxBatch: 32,
    runBatch: async (reqs: TriggerInput[]) => {
      batches.push(reqs.map((r) => r.event));
      await new Promise((r) => setTimeout(r, runMs));
      return reqs.map(outcome);
    },
  });
  return { q, batches };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues one run every `gapMs` for `count` runs, without waiting for them. */
async function trickle(q: DeploymentQueue<RunOutcome>, count: number, gapMs: number, onRespond?: () => void): Promise<Promise<RunOutcome>[]> {
  const runs: Promise<RunOutcome>[] = [];
  for (let i = 0; i < count; i++) {
    runs.push(q.run({ event: i, sourceType: 'http', hops: 0, size: 1, ...(onRespond ? { onRespond } : {}) }));
    await sleep(gapMs);
  }
  return runs;
}

describe('DeploymentQueue', () => {
  it('runs everything once, in arrival order, in batches', async () => {
    const { q, batches } = queue(0);
    const runs = [...Array(50).keys()].map((i) => q.run({ event: i, sourceType: 'http', hops: 0, size: 1 }));
    await Promise.all(runs);
    expect(batches.flat()).toEqual([...Array(50).keys()]);
    expect(batches.length).toBeLessThan(50);
  });

  it('under load, holds a batch back so that more runs join it', async () => {
    const held = queue(40);
    const plain = queue(0);
    await Promise.all([Promise.all(await trickle(held.q, 30, 2)), Promise.all(await trickle(plain.q, 30, 2))]);
    expect(held.batches.flat()).toEqual([...Array(30).keys()]);
    expect(held.batches.length).toBeLessThan(plain.batches.length);
  });

  it('does not hold a source that receives runs one at a time', async () => {
    const { q, batches } = queue(1000, 1);
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) await q.run({ event: i, sourceType: 'http', hops: 0, size: 1 });
    expect(batches).toEqual([[0], [1], [2], [3], [4]]);
    expect(performance.now() - t0).toBeLessThan(900);
  });

  it('does not hold runs whose caller waits for an answer', async () => {
    const held = queue(1000);
    const t0 = performance.now();
    await Promise.all(await trickle(held.q, 10, 1, () => undefined));
    expect(performance.now() - t0).toBeLessThan(900);
  });
});
