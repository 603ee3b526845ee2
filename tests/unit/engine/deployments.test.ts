// The one trigger path, in-process: every trigger (HTTP, timer, manual, subscription) reaches a
// deployment through Deployments and its one queue, whatever the kind. A scripted kind stands
// in for sources and workflows; the queue, triggers and scheduler are the real ones.
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentEngine, type DeploymentEngine } from '../../../src/main/engine/deployment-engine';
import { SubscriptionTrigger, MAX_HOPS } from '../../../src/main/engine/triggers/subscription-trigger';
import { Scheduler } from '../../../src/main/scheduler/scheduler';
import type { SubscriptionDoc, WorkflowDoc } from '../../../src/main/store/document-types';
import type { StoredEvent } from '../../../src/main/domain/events';
import { FakeKind, triggers } from './fake-kind';

interface Rig extends DeploymentEngine {
  scheduler: Scheduler;
  /** Fires every armed alarm now (as if its time had come). */
  ring(): void;
}

const rigs: Rig[] = [];
afterEach(() => {
  for (const r of rigs.splice(0)) {
    r.deployments.dispose();
    r.scheduler.dispose();
  }
});

function rig(capacity = 100): Rig {
  const alarms: (() => void)[] = [];
  const scheduler = new Scheduler({ now: () => Date.now() }, (_at, cb) => {
    alarms.push(cb);
    return { cancel: () => alarms.splice(alarms.indexOf(cb), 1) };
  });
  const engine = deploymentEngine({ capacity: () => capacity, scheduler, storeFull: () => false });
  const r = { ...engine, scheduler, ring: () => alarms.splice(0).forEach((cb) => cb()) };
  rigs.push(r);
  return r;
}

const manual = (event: unknown) => ({ event, sourceType: 'manual' as const, hops: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Deployments: one queue per deployment, whatever the trigger', () => {
  it('keeps arrival order across HTTP, manual and timer runs of one deployment', async () => {
    const r = rig();
    const kind = new FakeKind('workflow');
    kind.triggers.set('p_1', triggers({ http: { token: 'tok', respond: null }, timer: { prop: 'timer', intervalSeconds: 60 } as never }));
    r.deployments.register(kind, 'p_1');
    const first = r.deployments.dispatch('p_1', manual({ n: 1, waitMs: 20 }));
    await r.http.deliver('tok', { n: 2 });
    r.ring();
    const last = r.deployments.dispatch('p_1', manual({ n: 4 }));
    await Promise.all([first, last]);
    expect(kind.batches.map((b) => (b.events[0] as { n?: number }).n ?? 'timer')).toEqual([1, 2, 'timer', 4]);
  });

  it('drain() also waits for runs queued while it waits (a subscriber of a finishing run)', async () => {
    const r = rig();
    const kind = new FakeKind('workflow');
    for (const id of ['p_a', 'p_b']) {
      kind.triggers.set(id, triggers());
      r.deployments.register(kind, id);
    }
    let lateDone = false;
    void r.deployments.dispatch('p_a', manual({ waitMs: 30 })).then(() =>
      r.deployments.dispatch('p_b', manual({ waitMs: 30 })).then(() => (lateDone = true)),
    );
    await r.deployments.drain();
    expect(lateDone).toBe(true);
    expect(r.deployments.pending).toBe(0);
  });

  it('runs different deployments in parallel, one batch at a time each', async () => {
    const r = rig();
    const kind = new FakeKind('source', 32);
    for (const id of ['dc_a', 'dc_b']) {
      kind.triggers.set(id, triggers());
      r.deployments.register(kind, id);
    }
    const firsts = ['dc_a', 'dc_b'].map((id) => r.deployments.dispatch(id, manual({ n: 1, waitMs: 15 })));
    await sleep(1);
    const rest = ['dc_a', 'dc_b'].flatMap((id) => [2, 3].map((n) => r.deployments.dispatch(id, manual({ n }))));
    await Promise.all([...firsts, ...rest]);
    expect(kind.maxParallel).toBe(2);
    // A source's kind batches: runs queued while one ran go together.
    expect(kind.batches.filter((b) => b.id === 'dc_a').map((b) => b.events.length)).toEqual([1, 2]);
  });

  it('queues a lifecycle task behind the runs before it, and refuses runs past capacity with 429', async () => {
    const r = rig(2);
    const kind = new FakeKind('workflow');
    kind.triggers.set('p_1', triggers({ http: { token: 'tok', respond: null } }));
    r.deployments.register(kind, 'p_1');
    const order: string[] = [];
    const a = r.deployments.dispatch('p_1', manual({ waitMs: 20 })).then(() => order.push('run'));
    const b = r.deployments.dispatch('p_1', manual({}));
    expect(r.http.isBusy('tok')).toBe(true);
    expect(() => r.deployments.dispatch('p_1', manual({}))).toThrow(/already has 2 invocations waiting/);
    await expect(r.http.deliver('tok', {})).rejects.toMatchObject({ code: 'too_many_requests' });
    await r.deployments.task(kind, 'p_1', async () => void order.push('update'));
    await Promise.all([a, b]);
    expect(order).toEqual(['run', 'update']);
  });

  it('dispatchQuietly reports a refused or failed run to the kind instead of throwing', async () => {
    const r = rig(1);
    const kind = new FakeKind('workflow');
    kind.triggers.set('p_1', triggers());
    r.deployments.register(kind, 'p_1');
    r.deployments.dispatchQuietly('p_1', manual({ fail: 'store down', waitMs: 10 }));
    r.deployments.dispatchQuietly('p_1', manual({}));
    await r.deployments.drain();
    expect(kind.reports.map((x) => (x.problem as Error).message)).toEqual([expect.stringMatching(/already has 1 invocations/), 'store down']);
  });
});

describe('HTTP trigger', () => {
  it('answers 404 for an unknown, inactive or deleted endpoint', async () => {
    const r = rig();
    const kind = new FakeKind('source', 32);
    kind.triggers.set('dc_1', triggers({ active: false, http: { token: 'tok', respond: null } }));
    r.deployments.register(kind, 'dc_1');
    await expect(r.http.deliver('nope', {})).rejects.toMatchObject({ code: 'not_found' });
    await expect(r.http.deliver('tok', {})).rejects.toMatchObject({ code: 'not_found' });
    kind.triggers.set('dc_1', triggers({ http: { token: 'tok', respond: null } }));
    r.deployments.register(kind, 'dc_1');
    await expect(r.http.deliver('tok', {})).resolves.toEqual({ kind: 'accepted' });
    r.deployments.forget('dc_1');
    await expect(r.http.deliver('tok', {})).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a changed token replaces the old one', async () => {
    const r = rig();
    const kind = new FakeKind('workflow');
    kind.triggers.set('p_1', triggers({ http: { token: 'old', respond: null } }));
    r.deployments.register(kind, 'p_1');
    kind.triggers.set('p_1', triggers({ http: { token: 'new', respond: null } }));
    r.deployments.register(kind, 'p_1');
    await expect(r.http.deliver('old', {})).rejects.toMatchObject({ code: 'not_found' });
    await expect(r.http.deliver('new', {})).resolves.toEqual({ kind: 'accepted' });
  });

  it('waits for respond(), answers without it as the kind says, and gives up after the timeout', async () => {
    const r = rig();
    const kind = new FakeKind('source', 32);
    kind.triggers.set('dc_1', triggers({ http: { token: 'tok', respond: { timeoutMs: 1000 } } }));
    r.deployments.register(kind, 'dc_1');
    // The answer arrives before the run ends (the run goes on after it).
    expect(await r.http.deliver('tok', { respond: { status: 201, body: 'made' }, waitMs: 50 })).toEqual({
      kind: 'response',
      response: { status: 201, headers: {}, body: 'made' },
    });
    expect(await r.http.deliver('tok', {})).toEqual({ kind: 'no_respond', deployment: 'source' });
    expect(await r.http.deliver('tok', { waitMs: 1500 })).toEqual({ kind: 'respond_timeout', seconds: 1 });
  });

  it('a failed run answers as the kind maps it, or rejects', async () => {
    const r = rig();
    const wf = new FakeKind('workflow');
    const src = new FakeKind('source', 32);
    wf.triggers.set('p_1', triggers({ http: { token: 'w', respond: { timeoutMs: null } } }));
    src.triggers.set('dc_1', triggers({ http: { token: 's', respond: { timeoutMs: 1000 } } }));
    r.deployments.register(wf, 'p_1');
    r.deployments.register(src, 'dc_1');
    expect(await r.http.deliver('w', { fail: 'lost' })).toEqual({ kind: 'run_failed', message: 'lost', overloaded: false });
    await expect(r.http.deliver('s', { fail: 'lost' })).rejects.toThrow('lost');
  });
});

describe('Timer trigger', () => {
  it('arms active deployments with a timer on their stored clock offset, and disarms them', () => {
    const r = rig();
    const kind = new FakeKind('source', 32);
    kind.triggers.set('dc_1', triggers({ timer: { prop: 'timer', intervalSeconds: 60 } as never, clockOffsetMs: 3_600_000 }));
    kind.triggers.set('dc_2', triggers({ active: false, timer: { prop: 'timer', intervalSeconds: 60 } as never }));
    r.deployments.register(kind, 'dc_1');
    r.deployments.register(kind, 'dc_2');
    expect(r.scheduler.timer('dc_1')?.offsetMs).toBe(3_600_000);
    expect(r.scheduler.timer('dc_2')).toBeUndefined();
    r.deployments.unregister('dc_1');
    expect(r.scheduler.timer('dc_1')).toBeUndefined();
  });

  it('skips a firing that finds the queue full, and says so to the kind', async () => {
    const r = rig(1);
    const kind = new FakeKind('workflow');
    kind.triggers.set('p_1', triggers({ timer: { prop: 'timer', intervalSeconds: 60 } as never }));
    r.deployments.register(kind, 'p_1');
    const busy = r.deployments.dispatch('p_1', manual({ waitMs: 20 }));
    r.ring();
    await busy;
    expect(kind.batches).toHaveLength(1);
    expect(kind.reports).toEqual([{ id: 'p_1', problem: 'timer firing skipped: the workflow already has a full queue of invocations' }]);
  });
});

describe('Subscription trigger', () => {
  const wf = (id: string): WorkflowDoc => ({ id, active: true }) as WorkflowDoc;
  const event = (hops: number): StoredEvent => ({ id: 'e1', ch: '', ts: 0, ev: { hello: 1 }, hops }) as StoredEvent;

  function wired(subs: SubscriptionDoc[]) {
    const r = rig();
    const kind = new FakeKind('workflow');
    const listeners: ((emitterId: string, e: StoredEvent) => void)[] = [];
    const refused: number[] = [];
    const trigger = new SubscriptionTrigger({
      deployments: r.deployments,
      onAnyEvent: (l) => (listeners.push(l), () => undefined),
      subscriptions: () => subs,
      workflow: wf,
      refuseLoop: (_l, _e, _ev, _err, hops) => refused.push(hops),
    });
    trigger.start();
    for (const s of subs) {
      kind.triggers.set(s.listener_id, triggers());
      r.deployments.register(kind, s.listener_id);
    }
    return { r, kind, refused, emit: (emitterId: string, e: StoredEvent) => listeners.forEach((l) => l(emitterId, e)) };
  }

  it('delivers to each listener once, hop + 1, and never a workflow to itself through p_*', async () => {
    const { r, kind, emit } = wired([
      { id: 's1', emitter_id: 'dc_1', listener_id: 'p_a', event_name: '' },
      { id: 's2', emitter_id: 'p_*', listener_id: 'p_b', event_name: '' },
    ]);
    emit('dc_1', event(0));
    emit('p_b', event(0));
    await r.deployments.drain();
    expect(kind.batches.map((b) => b.id)).toEqual(['p_a']);
  });

  it('refuses a delivery past the hop limit (a loop) instead of running it', async () => {
    const { r, kind, refused, emit } = wired([{ id: 's1', emitter_id: 'dc_1', listener_id: 'p_a', event_name: '' }]);
    emit('dc_1', event(MAX_HOPS));
    await r.deployments.drain();
    expect(kind.batches).toEqual([]);
    expect(refused).toEqual([MAX_HOPS + 1]);
  });
});
