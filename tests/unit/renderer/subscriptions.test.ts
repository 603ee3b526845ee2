import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription, WorkflowRun } from '../../../src/shared/resources';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { channelLabel, deliveriesOf, emitterMatches, emitterOptions, layoutWiring } from '../../../src/renderer/src/features/subscriptions/wiring-graph';

const sub = (emitter_id: string, listener_id: string, event_name = '', id = `sub_${emitter_id}_${listener_id}_${event_name}`): Subscription => ({ id, emitter_id, listener_id, event_name });
const sources = [{ id: 'dc_a', name: 'Alpha' }, { id: 'dc_b', name: 'Beta' }] as never[];
const workflows = [{ id: 'p_l', name: 'Listener' }, { id: 'p_t', name: 'Thrower' }] as never[];

const run = (id: string, emitter: string, source_type = 'subscription', event: unknown = {}, started_at = 1): WorkflowRun => ({
  id,
  workflow_id: 'p_l',
  deployment_id: 'd_1',
  status: 'success',
  exit_reason: null,
  trigger: { event, context: { emitter_id: emitter, source_type } },
  steps: [],
  started_at,
  ended_at: 2,
  duration_ms: 1,
});

/** A fake service for the slice's requests: answers by "METHOD path", records what was asked. */
function fakeFetch(routes: Record<string, (body: unknown) => { status?: number; json?: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    calls.push(key);
    const route = Object.entries(routes).find(([k]) => key.startsWith(k));
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: `no route ${key}` } }), { status: 404 });
    const out = route[1](init.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(out.json === undefined ? null : JSON.stringify(out.json), { status: out.status ?? 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the wiring graph', () => {
  it('places emitters (globs, sources, workflows) left and listeners right, one labelled edge per subscription', () => {
    const subs = [sub('p_t', 'p_l', '$errors'), sub('dc_b', 'p_l'), sub('dc_*', 'p_l'), sub('dc_a', 'p_l', 'alerts')];
    const g = layoutWiring(subs, sources, workflows);
    expect(g.emitters.map((n) => [n.id, n.kind])).toEqual([
      ['dc_*', 'glob'],
      ['dc_a', 'source'],
      ['dc_b', 'source'],
      ['p_t', 'workflow'],
    ]);
    expect(g.listeners.map((n) => n.name)).toEqual(['Listener']);
    expect(g.edges.map((e) => [e.from.name, e.label, e.errors])).toEqual([
      ['Thrower', '$errors', true],
      ['Beta', 'default', false],
      ['dc_* (every source)', 'default', false],
      ['Alpha', 'alerts', false],
    ]);
    expect(new Set(g.emitters.map((n) => n.y)).size).toBe(4);
    expect(g.height).toBeGreaterThan(4 * 40);
  });

  it('names the default channel and offers the globs first among emitters', () => {
    expect(channelLabel('')).toBe('default');
    expect(channelLabel('$errors')).toBe('$errors');
    const opts = emitterOptions(sources, workflows);
    expect(opts.map((g) => g.group)).toEqual(['Globs', 'Sources', 'Workflows']);
    expect(opts[0].options.map((o) => o.value)).toEqual(['dc_*', 'p_*']);
  });

  it('matches globs as the service does: p_* never delivers a workflow to itself', () => {
    expect(emitterMatches('dc_*', 'dc_x', 'p_l')).toBe(true);
    expect(emitterMatches('dc_*', 'p_x', 'p_l')).toBe(false);
    expect(emitterMatches('p_*', 'p_x', 'p_l')).toBe(true);
    expect(emitterMatches('p_*', 'p_l', 'p_l')).toBe(false);
  });

  it('finds an edge’s deliveries among the listener’s runs, telling $errors from other channels', () => {
    const err = { error: { message: 'x' }, original_event: {}, original_context: {} };
    const runs = [run('r_1', 'dc_a'), run('r_2', 'dc_b'), run('r_3', 'dc_a', 'manual'), run('r_4', 'p_t', 'subscription', err), run('r_5', 'p_t')];
    expect(deliveriesOf(sub('dc_a', 'p_l'), runs).map((r) => r.id)).toEqual(['r_1']);
    expect(deliveriesOf(sub('dc_*', 'p_l'), runs).map((r) => r.id)).toEqual(['r_1', 'r_2']);
    expect(deliveriesOf(sub('p_t', 'p_l', '$errors'), runs).map((r) => r.id)).toEqual(['r_4']);
    expect(deliveriesOf(sub('p_t', 'p_l'), runs).map((r) => r.id)).toEqual(['r_5']);
  });
});

describe('the wiring slice', () => {
  it('subscribes with the query the API wants, then re-reads the list', async () => {
    const created = sub('dc_a', 'p_l');
    const calls = fakeFetch({
      'POST /v1/subscriptions?': () => ({ json: { data: created } }),
      'GET /v1/users/me/subscriptions': () => ({ json: { data: [created] } }),
    });
    const store = createAppStore();
    expect(await store.getState().subscribe('dc_a', 'p_l', '')).toEqual(created);
    expect(calls[0]).toBe('POST /v1/subscriptions?emitter_id=dc_a&listener_id=p_l&event_name=');
    expect(store.getState().subscriptions).toEqual([created]);
  });

  it('forwards $errors in one call and keeps the API message where it failed', async () => {
    const calls = fakeFetch({ 'POST /v1/subscriptions?': () => ({ status: 404, json: { error: { code: 'not_found', message: 'No workflow p_gone' } } }) });
    const store = createAppStore();
    expect(await store.getState().forwardErrors('p_t', 'p_gone')).toBeNull();
    expect(calls[0]).toBe('POST /v1/subscriptions?emitter_id=p_t&listener_id=p_gone&event_name=%24errors');
    expect(store.getState().wiringErrors).toEqual({ forward: 'No workflow p_gone' });
    store.getState().clearWiringError('forward');
    expect(store.getState().wiringErrors.forward).toBeUndefined();
  });

  it('deletes with the same parameters', async () => {
    const calls = fakeFetch({
      'DELETE /v1/subscriptions?': () => ({ json: { data: { deleted: true } } }),
      'GET /v1/users/me/subscriptions': () => ({ json: { data: [] } }),
    });
    const store = createAppStore();
    expect(await store.getState().unsubscribe(sub('p_t', 'p_l', '$errors'))).toBe(true);
    expect(calls[0]).toBe('DELETE /v1/subscriptions?emitter_id=p_t&listener_id=p_l&event_name=%24errors');
  });

  it('seeds a listener’s runs and keeps the ones that arrived live meanwhile', async () => {
    fakeFetch({ 'GET /v1/workflows/p_l/runs': () => ({ json: { data: [run('r_2', 'dc_a', 'subscription', {}, 2), run('r_1', 'dc_a', 'subscription', {}, 1)] } }) });
    const store = createAppStore();
    store.getState().upsertRun(run('r_3', 'dc_a', 'subscription', {}, 3));
    await store.getState().loadListenerRuns('p_l');
    expect(store.getState().runs.p_l.map((r) => r.id)).toEqual(['r_3', 'r_2', 'r_1']);
  });
});
