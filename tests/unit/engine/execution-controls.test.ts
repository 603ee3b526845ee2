// Execution controls of a deployment's queue, in-process: how many runs of one deployment run at
// once (concurrency), how many may start per window (throttle, on the deployment's virtual
// clock), and how many may wait (queue size: more are refused, and the kind is told). A scripted
// kind stands in for workflows; the queue and the triggers are the real ones.
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentEngine, type DeploymentEngine } from '../../../src/main/engine/deployment-engine';
import type { QueueControls } from '../../../src/main/engine/ports/run-queue';
import { Scheduler } from '../../../src/main/scheduler/scheduler';
import { FakeKind, triggers } from './fake-kind';

interface Rig extends DeploymentEngine {
  /** Moves the deployments' clock forward (as `runnel clock advance` does). */
  advance(ms: number): void;
}

const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((d) => d()));

function rig(): Rig {
  let offset = 0;
  const scheduler = new Scheduler({ now: () => Date.now() }, () => ({ cancel: () => {} }));
  const engine = deploymentEngine({ capacity: () => 100, scheduler, storeFull: () => false, clock: { now: () => Date.now() + offset } });
  disposers.push(() => {
    engine.deployments.dispose();
    scheduler.dispose();
  });
  return { ...engine, advance: (ms) => void (offset += ms) };
}

function workflow(r: Rig, controls: QueueControls, id = 'p_1'): FakeKind {
  const kind = new FakeKind('workflow');
  kind.triggers.set(id, triggers({ http: { token: 'tok', respond: null } }));
  kind.controls.set(id, controls);
  r.deployments.register(kind, id);
  return kind;
}

const manual = (event: unknown) => ({ event, sourceType: 'manual' as const, hops: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ns = (kind: FakeKind) => kind.starts.map((s) => (s as { n: number }).n);
const controls = (c: Partial<QueueControls>): QueueControls => ({ concurrency: 1, throttle: null, queueSize: 100, ...c });

describe('Concurrency', () => {
  it('runs up to N runs of one deployment at once, started in arrival order', async () => {
    const r = rig();
    const kind = workflow(r, controls({ concurrency: 2 }));
    await Promise.all([1, 2, 3, 4].map((n) => r.deployments.dispatch('p_1', manual({ n, waitMs: 60 }))));
    // Two at a time, never more (the scripted kind throws past the concurrency), started in order.
    expect(kind.mostAtOnce.get('p_1')).toBe(2);
    expect(ns(kind)).toEqual([1, 2, 3, 4]);
  });

  it('with one worker, a run starts only when the one before it has ended', async () => {
    const r = rig();
    const kind = workflow(r, controls({ concurrency: 1 }));
    await Promise.all([1, 2, 3].map((n) => r.deployments.dispatch('p_1', manual({ n, waitMs: 10 }))));
    expect(kind.mostAtOnce.get('p_1')).toBe(1);
    expect(ns(kind)).toEqual([1, 2, 3]);
  });

  it('a lifecycle task waits for every run in progress, and the runs after it wait for the task', async () => {
    const r = rig();
    const kind = workflow(r, controls({ concurrency: 3 }));
    const order: string[] = [];
    const runs = [1, 2].map((n) => r.deployments.dispatch('p_1', manual({ n, waitMs: 20 * n })).then(() => order.push(`run ${n}`)));
    const task = r.deployments.task(kind, 'p_1', async () => {
      order.push('update');
      await sleep(20);
    });
    const after = r.deployments.dispatch('p_1', manual({ n: 3 })).then(() => order.push('run 3'));
    await Promise.all([...runs, task, after]);
    expect(order).toEqual(['run 1', 'run 2', 'update', 'run 3']);
  });
});

describe('Throttle', () => {
  it('starts at most `limit` runs per window and holds the rest until the window has passed on the virtual clock', async () => {
    const r = rig();
    const kind = workflow(r, controls({ throttle: { limit: 2, windowMs: 60_000 } }));
    const runs = [1, 2, 3].map((n) => r.deployments.dispatch('p_1', manual({ n })));
    await Promise.all(runs.slice(0, 2));
    await sleep(30);
    expect(ns(kind)).toEqual([1, 2]);
    r.advance(60_000);
    r.deployments.nudge('p_1');
    await runs[2];
    expect(ns(kind)).toEqual([1, 2, 3]);
  });

  it('releases a held run by itself when the window ends in real time', async () => {
    const r = rig();
    const kind = workflow(r, controls({ throttle: { limit: 1, windowMs: 80 } }));
    const t0 = Date.now();
    await Promise.all([1, 2].map((n) => r.deployments.dispatch('p_1', manual({ n }))));
    expect(ns(kind)).toEqual([1, 2]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
  });

  it('a limit of 0 pauses the queue: events wait, nothing runs, until the throttle changes', async () => {
    const r = rig();
    const kind = workflow(r, controls({ throttle: { limit: 0, windowMs: 1000 } }));
    const run = r.deployments.dispatch('p_1', manual({ n: 1 }));
    r.advance(3_600_000);
    r.deployments.nudge('p_1');
    await sleep(20);
    expect(ns(kind)).toEqual([]);
    // A paused queue does not hold up a shutdown.
    await r.deployments.drain();
    kind.controls.set('p_1', controls({ throttle: null }));
    r.deployments.register(kind, 'p_1');
    await run;
    expect(ns(kind)).toEqual([1]);
  });
});

describe('Queue size', () => {
  it('refuses an event past the queue size with 429, tells the kind, and runs the rest', async () => {
    const r = rig();
    const kind = workflow(r, controls({ concurrency: 1, queueSize: 1 }));
    const first = r.deployments.dispatch('p_1', manual({ n: 1, waitMs: 30 }));
    const second = r.deployments.dispatch('p_1', manual({ n: 2 }));
    expect(() => r.deployments.dispatch('p_1', manual({ n: 3 }))).toThrow(/Event Queue Full/);
    await expect(r.http.deliver('tok', { n: 4 })).rejects.toMatchObject({ code: 'too_many_requests' });
    await Promise.all([first, second]);
    expect(ns(kind)).toEqual([1, 2]);
    expect(kind.refusals).toEqual([
      { id: 'p_1', event: { n: 3 } },
      { id: 'p_1', event: { n: 4 } },
    ]);
  });

  it('counts waiting events only: the runs in progress do not take queue room', async () => {
    const r = rig();
    const kind = workflow(r, controls({ concurrency: 2, queueSize: 1 }));
    const runs = [1, 2, 3].map((n) => r.deployments.dispatch('p_1', manual({ n, waitMs: 20 })));
    expect(() => r.deployments.dispatch('p_1', manual({ n: 4 }))).toThrow(/Event Queue Full/);
    await Promise.all(runs);
    expect(ns(kind)).toEqual([1, 2, 3]);
  });
});
