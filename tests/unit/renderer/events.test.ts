import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventSummary, SseEmitFrame } from '../../../src/shared/resources';
import { parsePayload } from '../../../src/renderer/src/ui/json-text';
import {
  buildFixture,
  channelLabel,
  channelsOf,
  emitterKind,
  filterEvents,
  fixtureFileName,
  summaryToFrame,
} from '../../../src/renderer/src/features/events/event-logic';
import { createAppStore } from '../../../src/renderer/src/store/index';

const frame = (id: string, ts: number, name = '', e: unknown = { n: id }, sum: string | null = `event ${id}`): SseEmitFrame => ({
  k: 'emit',
  id,
  ts,
  e,
  sum,
  name,
  metadata: { emitter_id: 'dc_a', emit_id: 'x' + id, name, ...(sum === null ? {} : { summary: sum }) },
});

/** Answers fetch with `{data}` bodies by path, and records what was asked. */
function stubFetch(routes: Record<string, unknown>) {
  const calls: { method: string; path: string; body?: string }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', path, body: init.body as string | undefined });
    const hit = Object.entries(routes).find(([p]) => path.startsWith(p));
    if (!hit) return new Response(JSON.stringify({ error: { code: 'not_found', message: `No route ${path}` } }), { status: 404 });
    return new Response(hit[1] === undefined ? null : JSON.stringify(hit[1]), { status: hit[1] === undefined ? 202 : 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('event logic', () => {
  it('turns an event summary into a stream frame', () => {
    const s: EventSummary = { id: '5-0', indexed_at_ms: 5, event: { a: 1 }, metadata: { emitter_id: 'dc_a', emit_id: 'e', name: 'ch', summary: 'hi' } };
    expect(summaryToFrame(s)).toEqual({ k: 'emit', id: '5-0', ts: 5, e: { a: 1 }, sum: 'hi', name: 'ch', metadata: s.metadata });
    expect(summaryToFrame({ ...s, metadata: { emitter_id: 'dc_a', emit_id: 'e', name: '' } }).sum).toBeNull();
  });

  it('lists channels default first and labels the default channel', () => {
    expect(channelsOf([frame('1', 1, 'b'), frame('2', 2, ''), frame('3', 3, 'a')], ['z'])).toEqual(['', 'a', 'b', 'z']);
    expect(channelLabel('')).toBe('default');
    expect(channelLabel('$errors')).toBe('$errors');
  });

  it('filters by channel and by text in the summary, id or payload', () => {
    const list = [frame('1', 1, '', { user: 'Ada' }), frame('2', 2, 'orders', { user: 'Bob' }, 'order #2'), frame('3', 3, '', { user: 'bob' }, null)];
    expect(filterEvents(list, { channel: null, text: '' }).map((f) => f.id)).toEqual(['1', '2', '3']);
    expect(filterEvents(list, { channel: '', text: '' }).map((f) => f.id)).toEqual(['1', '3']);
    expect(filterEvents(list, { channel: null, text: 'BOB' }).map((f) => f.id)).toEqual(['2', '3']);
    expect(filterEvents(list, { channel: 'orders', text: 'order #' }).map((f) => f.id)).toEqual(['2']);
    expect(filterEvents(list, { channel: '', text: 'nobody' })).toEqual([]);
  });

  it('builds a fixture and its file name', () => {
    const f = frame('1763784005120-0', 1763784005120, 'orders', { total: 3 });
    expect(buildFixture('dc_a', f)).toEqual({ runnel_fixture: 1, emitter_id: 'dc_a', channel: 'orders', id: '1763784005120-0', ts: 1763784005120, event: { total: 3 } });
    expect(fixtureFileName('dc_a', '1763784005120-0')).toBe('dc_a-1763784005120-0.json');
    expect(fixtureFileName('p_x', '../1')).toBe('p_x-.._1.json');
  });

  it('parses an edited payload or says why not', () => {
    expect(parsePayload(' {"a": 1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(parsePayload('null')).toEqual({ ok: true, value: null });
    const bad = parsePayload('{"a": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Not valid JSON/);
    expect(parsePayload('  ').ok).toBe(false);
  });

  it('tells sources from workflows by id', () => {
    expect(emitterKind('dc_abc')).toBe('source');
    expect(emitterKind('p_abc')).toBe('workflow');
  });
});

describe('events slice', () => {
  it('keeps live events newest first without duplicates, and counts them once counts are known', () => {
    const store = createAppStore();
    store.getState().addLiveEvent('dc_a', frame('1', 1));
    store.getState().addLiveEvent('dc_a', frame('2', 2));
    store.getState().addLiveEvent('dc_a', frame('2', 2));
    expect(store.getState().liveEvents.dc_a.map((f) => f.id)).toEqual(['2', '1']);
    expect(store.getState().eventCounts.dc_a).toBeUndefined();
    store.setState({ eventCounts: { dc_a: 7 } });
    store.getState().addLiveEvent('dc_a', frame('3', 3));
    store.getState().addLiveEvent('dc_a', frame('3', 3));
    expect(store.getState().eventCounts.dc_a).toBe(8);
  });

  it('merges loaded events with live ones that arrived meanwhile', () => {
    const store = createAppStore();
    store.getState().addLiveEvent('dc_a', frame('9', 9));
    store.getState().addLiveEvent('dc_a', frame('5', 5));
    store.getState().setEvents('dc_a', [frame('5', 5), frame('4', 4), frame('7', 7, 'other')]);
    expect(store.getState().liveEvents.dc_a.map((f) => `${f.name}:${f.id}`)).toEqual([':9', 'other:7', ':5', ':4']);
  });

  it('loads a source channel and a workflow with its $errors', async () => {
    const sum = (id: string, name: string): EventSummary => ({ id, indexed_at_ms: Number(id), event: {}, metadata: { emitter_id: 'x', emit_id: id, name } });
    const calls = stubFetch({
      '/v1/sources/dc_a/event_summaries': { data: [sum('2', 'orders')] },
      '/v1/workflows/p_w/event_summaries': { data: [sum('3', '')] },
      '/v1/workflows/p_w/$errors/event_summaries': { data: [sum('4', '$errors')] },
    });
    const store = createAppStore();
    await store.getState().loadEvents('dc_a', 'orders');
    expect(calls[0].path).toBe('/v1/sources/dc_a/event_summaries?expand=event&limit=100&event_name=orders');
    expect(store.getState().eventLoads.dc_a).toEqual({ loading: false, channels: ['orders'] });
    await store.getState().loadEvents('p_w');
    expect(store.getState().liveEvents.p_w.map((f) => f.name)).toEqual(['$errors', '']);
    await store.getState().loadEvents('dc_missing');
    expect(store.getState().eventLoads.dc_missing.error).toMatch(/No route/);
  });

  it('counts retained events per emitter (workflows add $errors)', async () => {
    const page = (n: number) => ({ data: [], page_info: { total_count: n, count: 0, start_cursor: null, end_cursor: null } });
    stubFetch({ '/v1/sources/dc_a/event_summaries?limit=1': page(3), '/v1/workflows/p_w/event_summaries?limit=1': page(2), '/v1/workflows/p_w/$errors/': page(1) });
    const store = createAppStore();
    await store.getState().loadEventCounts(['dc_a', 'p_w', 'dc_gone']);
    expect(store.getState().eventCounts).toEqual({ dc_a: 3, p_w: 3 });
  });

  it('re-runs into a source or a workflow and keeps the outcome or the error', async () => {
    const calls = stubFetch({
      '/v1/sources/dc_a/run': { data: { ok: true, error: null, emitted: [], deduped: 0, duration_ms: 3 } },
      '/v1/workflows/p_w/run': { data: { id: 'r_1', status: 'success', steps: [] } },
    });
    const store = createAppStore();
    await store.getState().rerunEvent('dc_a/1', { kind: 'source', id: 'dc_a' }, { x: 1 });
    expect(JSON.parse(calls[0].body!)).toEqual({ event: { x: 1 } });
    expect(store.getState().rerun).toMatchObject({ key: 'dc_a/1', busy: false, outcome: { kind: 'source', targetId: 'dc_a', result: { ok: true } } });
    await store.getState().rerunEvent('dc_a/1', { kind: 'workflow', id: 'p_w' }, {});
    expect(store.getState().rerun).toMatchObject({ outcome: { kind: 'workflow', run: { id: 'r_1' } } });
    await store.getState().rerunEvent('dc_a/1', { kind: 'workflow', id: 'p_gone' }, {});
    expect(store.getState().rerun).toMatchObject({ busy: false, error: 'No route /v1/workflows/p_gone/run' });
  });

  it('deletes all events of a source', async () => {
    const calls = stubFetch({ '/v1/sources/dc_a/events': undefined });
    const store = createAppStore();
    store.getState().addLiveEvent('dc_a', frame('1', 1));
    store.setState({ eventCounts: { dc_a: 1 } });
    await store.getState().deleteEvents('dc_a');
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/v1/sources/dc_a/events' });
    expect(store.getState().liveEvents.dc_a).toEqual([]);
    expect(store.getState().eventCounts.dc_a).toBe(0);
  });
});
