import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeployedSource, RegistryEntry, SavedComponent } from '../../../src/shared/resources';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { endpointOf, eventRate, filterSources, findChoice, frameOf, showValue, sourceChoices } from '../../../src/renderer/src/features/sources/source-model';

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answers: Record<string, { status: number; body: unknown }>;

/** A fake service: answers `METHOD path` (path without query) with what the test set. */
beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers[`${method} ${path.split('?')[0]}`] ?? { status: 200, body: { data: [], page_info: { end_cursor: null, count: 0 } } };
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const source = (over: Partial<DeployedSource> = {}): DeployedSource => ({
  id: 'dc_1',
  user_id: 'u_1',
  component_id: 'sc_1',
  component_key: 'my-src',
  configured_props: {},
  active: true,
  created_at: 1,
  updated_at: 1,
  name: 'One',
  name_slug: 'one',
  timeout_seconds: 300,
  last_event_at: null,
  errors: { count: 0, last: null },
  ...over,
});

const summary = (id: string, ms: number, event: unknown = {}) => ({ id, indexed_at_ms: ms, event, metadata: { emitter_id: 'dc_1', emit_id: 'e' + id, name: '', summary: 's' + id } });

describe('sources slice', () => {
  it('deploys the draft and forgets it; refuses to call the service while props are missing or invalid', async () => {
    const store = createAppStore();
    const s = store.getState();
    s.startDraft('sc_1', [{ name: 'url', type: 'string' }, { name: 'n', type: 'integer' }]);
    s.editDraft({ validity: { errors: { n: 'Must be at least 1' }, missing: ['url'] } });
    expect(await store.getState().deploySource()).toBeNull();
    expect(store.getState().deploy.propErrors).toEqual({ n: 'Must be at least 1', url: 'This prop is required' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    answers['POST /v1/sources'] = { status: 200, body: { data: source() } };
    store.getState().editDraft({ validity: { errors: {}, missing: [] }, configured: { url: 'http://x', n: 2 }, name: ' Feed ', timeout: '30' });
    const created = await store.getState().deploySource();
    expect(created?.id).toBe('dc_1');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ component_id: 'sc_1', configured_props: { url: 'http://x', n: 2 }, name: 'Feed', timeout_seconds: 30 });
    expect(store.getState().sources.map((x) => x.id)).toEqual(['dc_1']);
    expect(store.getState().draft.componentId).toBeNull();
    expect(store.getState().deploy).toMatchObject({ busy: false, error: null });
  });

  it('places a deploy error at the prop it names, or at the top', async () => {
    const store = createAppStore();
    store.getState().startDraft('sc_1', [{ name: 'amount', type: 'integer' }]);
    answers['POST /v1/sources'] = { status: 400, body: { error: { code: 'invalid_props', message: 'Prop "amount" must be at least 1', details: { prop: 'amount' } } } };
    expect(await store.getState().deploySource()).toBeNull();
    expect(store.getState().deploy.propErrors).toEqual({ amount: 'Prop "amount" must be at least 1' });
    answers['POST /v1/sources'] = { status: 422, body: { error: { code: 'hook_failed', message: 'activate() threw: nope' } } };
    await store.getState().deploySource();
    expect(store.getState().deploy).toMatchObject({ error: 'activate() threw: nope', propErrors: {} });
    store.getState().editDraft({ timeout: 'soon' });
    await store.getState().deploySource();
    expect(store.getState().deploy.error).toMatch(/whole number of seconds/);
  });

  it('runs a source, keeping the result and adding what it emitted to the live events', async () => {
    const store = createAppStore();
    answers['POST /v1/sources/dc_1/run'] = { status: 200, body: { data: { ok: true, error: null, emitted: [summary('5-0', 5, { a: 1 })], deduped: 0, duration_ms: 3 } } };
    const run = await store.getState().runSource('dc_1');
    expect(run?.ok).toBe(true);
    expect(store.getState().sourceOps.dc_1).toMatchObject({ busy: null, error: null, run: { duration_ms: 3 } });
    expect(store.getState().liveEvents.dc_1.map((f) => [f.id, f.e, f.sum])).toEqual([['5-0', { a: 1 }, 's5-0']]);
    answers['POST /v1/sources/dc_2/run'] = { status: 404, body: { error: { code: 'not_found', message: 'No source dc_2' } } };
    expect(await store.getState().runSource('dc_2')).toBeNull();
    expect(store.getState().sourceOps.dc_2.error).toBe('No source dc_2');
  });

  it('activates, deactivates and edits props in place, with the error placed at the prop', async () => {
    const store = createAppStore();
    store.setState({ sources: [source()] });
    answers['PUT /v1/sources/dc_1'] = { status: 200, body: { data: source({ active: false }) } };
    expect(await store.getState().updateSource('dc_1', { active: false })).toBe(true);
    expect(store.getState().sources[0].active).toBe(false);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { active: false } });
    answers['PUT /v1/sources/dc_1'] = { status: 400, body: { error: { code: 'invalid_props', message: 'Prop "n" must be an integer', details: { prop: 'n' } } } };
    expect(await store.getState().updateSource('dc_1', { configured_props: { n: 'x' } })).toBe(false);
    expect(store.getState().sourceOps.dc_1).toMatchObject({ error: 'Prop "n" must be an integer', propErrors: { n: 'Prop "n" must be an integer' } });
    store.getState().clearSourceError('dc_1');
    expect(store.getState().sourceOps.dc_1.error).toBeNull();
  });

  it('deletes a source and drops it from the list; a refused delete says why', async () => {
    const store = createAppStore();
    store.setState({ sources: [source(), source({ id: 'dc_2' })] });
    answers['DELETE /v1/sources/dc_1'] = { status: 200, body: { data: { id: 'dc_1', deleted: true } } };
    expect(await store.getState().deleteSource('dc_1')).toBe(true);
    expect(store.getState().sources.map((s) => s.id)).toEqual(['dc_2']);
    answers['DELETE /v1/sources/dc_2'] = { status: 422, body: { error: { code: 'hook_failed', message: 'deactivate() threw' } } };
    expect(await store.getState().deleteSource('dc_2')).toBe(false);
    expect(store.getState().sourceOps.dc_2.error).toBe('deactivate() threw');
  });

  it('seeds live events from the retained ones once per source, and reads the first log lines', async () => {
    const store = createAppStore();
    answers['GET /v1/sources/dc_1/event_summaries'] = { status: 200, body: { data: [summary('2-0', 2), summary('1-0', 1)], page_info: {} } };
    answers['GET /v1/sources/dc_1/logs'] = { status: 200, body: { data: [{ ts: 1, stream: 'stdout', line: 'hi' }] } };
    await store.getState().loadSourceEvents('dc_1');
    await store.getState().loadSourceEvents('dc_1');
    expect(calls.filter((c) => c.path.includes('event_summaries'))).toHaveLength(1);
    expect(calls[0].path).toBe('/v1/sources/dc_1/event_summaries?limit=100&expand=event');
    expect(store.getState().liveEvents.dc_1.map((f) => f.id)).toEqual(['2-0', '1-0']);
    await store.getState().loadSourceEvents('dc_1', true);
    expect(calls.filter((c) => c.path.includes('event_summaries'))).toHaveLength(2);
    await store.getState().loadSourceLogs('dc_1');
    expect(store.getState().sourceLogs.dc_1).toEqual({ value: [{ ts: 1, stream: 'stdout', line: 'hi' }] });
  });

  it('reads a component by id once', async () => {
    const store = createAppStore();
    answers['GET /v1/components/sc_9'] = { status: 200, body: { data: { id: 'sc_9', configurable_props: [] } } };
    expect((await store.getState().loadComponent('sc_9'))?.id).toBe('sc_9');
    await store.getState().loadComponent('sc_9');
    expect(calls.filter((c) => c.path === '/v1/components/sc_9')).toHaveLength(1);
    answers['GET /v1/components/sc_0'] = { status: 404, body: { error: { code: 'not_found', message: 'gone' } } };
    expect(await store.getState().loadComponent('sc_0')).toBeNull();
  });
});

describe('sources model', () => {
  const saved = (over: Partial<SavedComponent>): SavedComponent =>
    ({ id: 'sc_a', code: '', code_hash: '', name: 'A', key: 'a', version: '1', description: null, type: 'source', configurable_props: [], created_at: 1, updated_at: 1, ...over }) as SavedComponent;
  const reg = (over: Partial<RegistryEntry>): RegistryEntry => ({ key: 'rss-new-item-in-feed', name: 'Feed', version: '1.0.0', description: null, type: 'source', component_id: 'sc_r', builtin: true, configurable_props: [], ...over });

  it('lists source components, saved then registry, and finds one by id or key', () => {
    const choices = sourceChoices(
      [saved({}), saved({ id: 'sc_act', type: 'action' }), saved({ id: 'sc_old', key: 'a' }), saved({ id: 'sc_r', key: 'rss-new-item-in-feed' })],
      [reg({}), reg({ key: 'helper_functions-x', type: 'action', component_id: 'sc_h' }), reg({ key: 'http-new-requests', component_id: 'sc_http' })],
    );
    expect(choices.map((c) => `${c.origin}:${c.id}`)).toEqual(['saved:sc_a', 'saved:sc_old', 'saved:sc_r', 'registry:sc_http']);
    expect(findChoice(choices, 'sc_old')?.id).toBe('sc_old');
    expect(findChoice(choices, 'a')?.id).toBe('sc_a');
    expect(findChoice(choices, 'http-new-requests')?.id).toBe('sc_http');
    expect(findChoice(choices, 'sc_h')).toBeUndefined();
    expect(findChoice(choices, null)).toBeUndefined();
  });

  it('filters by text and status', () => {
    const list = [source(), source({ id: 'dc_2', name: 'Hooks', name_slug: 'hooks', component_key: 'http-new-requests', active: false })];
    expect(filterSources(list, '', 'all')).toHaveLength(2);
    expect(filterSources(list, 'HTTP', 'all').map((s) => s.id)).toEqual(['dc_2']);
    expect(filterSources(list, '', 'active').map((s) => s.id)).toEqual(['dc_1']);
    expect(filterSources(list, 'one', 'inactive')).toEqual([]);
  });

  it('finds the endpoint, shows values and counts events per minute', () => {
    expect(endpointOf(source({ configured_props: { http: { endpoint_url: 'http://127.0.0.1/e/t' }, x: 1 } }))).toBe('http://127.0.0.1/e/t');
    expect(endpointOf(source())).toBeNull();
    expect(showValue({ cron: null, interval_seconds: 60 })).toBe('every 60 s');
    expect(showValue({ cron: '0 * * * *', interval_seconds: null, timezone: 'UTC' })).toBe('cron 0 * * * * (UTC)');
    expect(showValue('x')).toBe('x');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    // A data store prop names its store (issue 18, item 8), not the raw {"data_store_id": …}.
    const stores = [{ id: 'ds_1', name: 'customers' }];
    expect(showValue({ data_store_id: 'ds_1' }, stores)).toBe('customers (ds_1)');
    expect(showValue({ data_store_id: 'ds_gone' }, stores)).toBe('ds_gone (no such data store)');
    const now = 10 * 60_000;
    const rate = eventRate([frameOf(summary('a', now - 1000)), frameOf(summary('b', now - 2000)), frameOf(summary('c', now - 61_000))], now);
    expect(rate).toHaveLength(60);
    expect(rate.slice(-2)).toEqual([1, 2]);
  });
});

describe('sources model: list cells', () => {
  it('takes the newest of the list time and the live events, and shortens endpoints', async () => {
    const { lastEventAt, shortEndpoint } = await import('../../../src/renderer/src/features/sources/source-model');
    const f = (ts: number) => frameOf(summary(String(ts), ts));
    expect(lastEventAt({ last_event_at: null }, undefined)).toBeNull();
    expect(lastEventAt({ last_event_at: 5 }, [])).toBe(5);
    expect(lastEventAt({ last_event_at: null }, [f(7)])).toBe(7);
    expect(lastEventAt({ last_event_at: 9 }, [f(7)])).toBe(9);
    expect(shortEndpoint('http://127.0.0.1:4620/e/AbCdEfGhIjKlMnOpQrStUv')).toBe('/e/AbCdEf…');
    expect(shortEndpoint('weird')).toBe('weird');
  });
});

describe('test event origin (the line beside Run now)', () => {
  it('says the last request and when, else that a sample is shown', async () => {
    const { testEventOrigin } = await import('../../../src/renderer/src/features/sources/source-model');
    const http = source({ configured_props: { http: { endpoint_url: 'http://x/e/t' } } });
    expect(testEventOrigin({ from: 'last_trigger', ts: 1_000 }, http, 121_000)).toBe('the last request, 2 min ago');
    expect(testEventOrigin({ from: 'sample' }, http)).toBe('a sample HTTP request — edit it');
    expect(testEventOrigin({ from: 'sample' }, source())).toBe('an empty event — edit it');
  });
});

describe('the trigger behind the newest event (when Run now reads the test event again)', () => {
  it('stays the same across the events of one trigger and moves with a new one', async () => {
    const { newestTriggerId } = await import('../../../src/renderer/src/features/sources/source-model');
    const frame = (id: string, trigger_id?: string) =>
      ({ k: 'emit', id, ts: 1, e: {}, sum: null, name: '', metadata: { emitter_id: 'dc_1', emit_id: id, name: '', ...(trigger_id ? { trigger_id } : {}) } }) as const;
    expect(newestTriggerId(undefined)).toBeUndefined();
    expect(newestTriggerId([frame('e2', 'i_1'), frame('e1', 'i_1')])).toBe('i_1');
    expect(newestTriggerId([frame('e3', 'i_2'), frame('e2', 'i_1'), frame('e1', 'i_1')])).toBe('i_2');
    // An event of a lifecycle hook has no kept trigger: the last trigger is still the one before.
    expect(newestTriggerId([frame('e4'), frame('e3', 'i_2')])).toBe('i_2');
  });
});
