// The source engine's orchestration, in-process with a scripted sandbox: per-source ordering and
// batching, blame and re-runs after a kill, publish-after-commit, and respond() waits (the outcomes
// server/delivery-answer.ts turns into 504s). The same
// behaviours are covered through real runner processes in tests/sandbox and tests/integration.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scripted, startEngine, type Engine } from './engine-harness';

let engine: Engine;
beforeEach(async () => {
  engine = await startEngine();
});
afterEach(async () => {
  await engine.close();
});

const timeoutLines = (id: string) => engine.logs.list(id).filter((l) => l.line.includes('TimeoutError'));

describe('runs of one source', () => {
  it('go one at a time, in arrival order, the runs that waited together as one batch', async () => {
    const src = await engine.deploy();
    const runs = Array.from({ length: 10 }, (_, i) => engine.runtime.runManually(src.id, scripted({ emit: [{ i }], waitMs: i === 0 ? 30 : 0 })));
    const results = await Promise.all(runs);

    expect(results.every((r) => r.ok)).toBe(true);
    expect(engine.stored(src.id)).toEqual(Array.from({ length: 10 }, (_, i) => ({ i })));
    expect(engine.sandbox.maxInFlightPerInstance).toBe(1);
    expect(engine.sandbox.requests.length).toBeLessThan(10);
    expect(engine.sandbox.requests.some((r) => (r.batch?.length ?? 0) > 1)).toBe(true);
  });

  it('of different sources run side by side', async () => {
    const a = await engine.deploy();
    const b = await engine.deploy();
    await Promise.all([engine.runtime.runManually(a.id, scripted({ waitMs: 100 })), engine.runtime.runManually(b.id, scripted({ waitMs: 100 }))]);
    expect(engine.sandbox.maxInFlight).toBe(2);
  });
});

describe('a run killed mid-batch', () => {
  it('is blamed alone; the runs after it go again and every other event is stored once, in order', async () => {
    const src = await engine.deploy();
    const first = engine.runtime.runManually(src.id, scripted({ emit: [{ i: 0 }], waitMs: 30 }));
    const rest = [1, 2, 3, 4, 5].map((i) => engine.runtime.runManually(src.id, scripted(i === 3 ? { emit: [{ i }], block: true } : { emit: [{ i }] })));
    const results = await Promise.all([first, ...rest]);

    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, true, true]);
    expect(results[3].error?.name).toBe('TimeoutError');
    expect(engine.stored(src.id)).toEqual([0, 1, 2, 4, 5].map((i) => ({ i })));
    expect(timeoutLines(src.id)).toHaveLength(1);
  });

  it('with reports held back: the unreported runs go again, each reported alone, to find the one that blocked; none is stored twice', async () => {
    const src = await engine.deploy();
    const first = engine.runtime.runManually(src.id, scripted({ waitMs: 30 }));
    const rest = [
      scripted({ emit: [{ i: 1 }], heldBack: true }),
      scripted({ emit: [{ i: 2 }], heldBack: true }),
      scripted({ emit: [{ i: 3 }], heldBack: true, block: true }),
      scripted({ emit: [{ i: 4 }] }),
    ].map((e) => engine.runtime.runManually(src.id, e));
    const results = await Promise.all([first, ...rest]);

    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, true]);
    expect(engine.sandbox.requests.some((r) => r.reportEach === true)).toBe(true);
    expect(engine.stored(src.id)).toEqual([1, 2, 4].map((i) => ({ i })));
    expect(timeoutLines(src.id)).toHaveLength(1);
  });
});

describe('what a run emitted', () => {
  it('is published only after it is stored', async () => {
    const src = await engine.deploy();
    const seenInStore: boolean[] = [];
    engine.bus.onEvent(src.id, (e) => seenInStore.push(engine.events.list(src.id, { channel: '', limit: 100 }).events.some((s) => s.id === e.id)));
    await Promise.all([1, 2, 3].map((i) => engine.runtime.runManually(src.id, scripted({ emit: [{ i }, { i: i * 10 }] }))));
    expect(seenInStore).toHaveLength(6);
    expect(seenInStore.every(Boolean)).toBe(true);
  });

  it('of a failed run is stored as far as it got, and its db changes are kept', async () => {
    const src = await engine.deploy();
    const r = await engine.runtime.runManually(src.id, scripted({ emit: [{ before: true }], db: { n: 1 }, throw: 'boom' }));
    expect(r.ok).toBe(false);
    expect(engine.stored(src.id)).toEqual([{ before: true }]);
    expect(engine.events.db(src.id)).toEqual({ n: 1 });
  });
});

describe('respond() of a customResponse source', () => {
  const httpProps = [{ name: 'http', type: '$.interface.http', customResponse: true }] as never;

  it('answers with what the run responded', async () => {
    const src = await engine.deploy({ props: httpProps });
    const d = await engine.http.deliver(src.http!.token, scripted({ respond: { status: 201, body: 'made' } }));
    expect(d).toEqual({ kind: 'response', response: { status: 201, body: 'made' } });
  });

  it('reports at once that the run ended without responding', async () => {
    const src = await engine.deploy({ props: httpProps });
    const d = await engine.http.deliver(src.http!.token, scripted({}));
    expect(d).toEqual({ kind: 'no_respond', deployment: 'source' });
  });

  it('reports a respond timeout at the source deadline when the run is still going', async () => {
    const src = await engine.deploy({ props: httpProps }, 1);
    const t0 = Date.now();
    const d = await engine.http.deliver(src.http!.token, scripted({ waitMs: 1500 }));
    const waited = Date.now() - t0;
    expect(d).toEqual({ kind: 'respond_timeout', seconds: 1 });
    expect(waited).toBeGreaterThanOrEqual(950);
  });
});
