import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataStoreRecord } from '../../../src/shared/data-stores';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { dispatchFrame } from '../../../src/renderer/src/store/feed-dispatch';
import { draftOf, expiryLabel, keyFromPath, keyToPath, liveRecords, parseDraft, valuePreview } from '../../../src/renderer/src/features/data-stores/record-logic';
import { fieldKind, initialField, parseField } from '../../../src/renderer/src/features/props/prop-form-model';

const rec = (key: string, over: Partial<DataStoreRecord> = {}): DataStoreRecord => ({ key, value: 1, created_at: 1, updated_at: 1, expires_at: null, ttl: null, ...over });

describe('record keys in URLs', () => {
  it.each(['plain', 'with/slash', 'sp ace', '100%', 'tilde~x', 'ünï©ødé', '?#&=', '%7E'])('round-trips %s without any % in the path', (key) => {
    const path = keyToPath(key);
    expect(path).not.toMatch(/[%/?#\s]/);
    expect(keyFromPath(path)).toBe(key);
    // What a router's decodeURI() does to a path changes nothing.
    expect(keyFromPath(decodeURI(path))).toBe(key);
  });

  it('keeps plain names readable', () => {
    expect(keyToPath('lastRanAt')).toBe('lastRanAt');
    expect(keyToPath('a/b')).toBe('a~2Fb');
  });
});

describe('record display', () => {
  it('previews values on one line, cut', () => {
    expect(valuePreview({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(valuePreview('text')).toBe('"text"');
    expect(valuePreview('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
  });

  it('labels expiry and drops expired records', () => {
    expect(expiryLabel(null, 0)).toBe('never');
    expect(expiryLabel(42_000, 0)).toBe('in 42 s');
    expect(expiryLabel(90_000, 0)).toBe('in 90 s');
    expect(expiryLabel(3_540_000, 0)).toBe('in 59 min');
    expect(expiryLabel(3_600_000, 0)).toBe('in 1 h');
    expect(expiryLabel(7_200_000, 0)).toBe('in 2 h');
    expect(expiryLabel(3 * 86_400_000, 0)).toBe('in 3 d');
    expect(expiryLabel(1000, 1000)).toBe('expired');
    expect(liveRecords([rec('a'), rec('b', { expires_at: 500 }), rec('c', { expires_at: 1500 })], 1000).map((r) => r.key)).toEqual(['a', 'c']);
  });
});

describe('the record editor draft', () => {
  it('turns a draft into a PUT body, with the expiry kept, removed or set', () => {
    const r = rec('k', { value: { a: 1 }, expires_at: 5000, ttl: 5 });
    expect(draftOf(r)).toEqual({ key: 'k', json: '{\n  "a": 1\n}', ttlMode: 'keep', ttlSeconds: '5' });
    expect(parseDraft(draftOf(r))).toEqual({ ok: true, key: 'k', body: { value: { a: 1 } } });
    expect(parseDraft({ ...draftOf(r), ttlMode: 'none' })).toEqual({ ok: true, key: 'k', body: { value: { a: 1 }, ttl: null } });
    expect(parseDraft({ ...draftOf(r), ttlMode: 'seconds', ttlSeconds: ' 60 ' })).toEqual({ ok: true, key: 'k', body: { value: { a: 1 }, ttl: 60 } });
  });

  it('says what is wrong and where', () => {
    const d = { key: 'k', json: '1', ttlMode: 'none' as const, ttlSeconds: '' };
    expect(parseDraft({ ...d, key: '' })).toMatchObject({ ok: false, field: 'key', message: 'a key must not be empty' });
    expect(parseDraft({ ...d, json: '  ' })).toMatchObject({ ok: false, field: 'json' });
    expect(parseDraft({ ...d, json: '{\n  "a": 1,\n}' })).toMatchObject({ ok: false, field: 'json', message: expect.stringMatching(/^Not valid JSON/), line: 3 });
    expect(parseDraft({ ...d, ttlMode: 'seconds', ttlSeconds: '' })).toMatchObject({ ok: false, field: 'ttl', message: expect.stringMatching(/number of seconds/) });
    expect(parseDraft({ ...d, ttlMode: 'seconds', ttlSeconds: '0' })).toMatchObject({ ok: false, field: 'ttl', message: expect.stringMatching(/more than 0/) });
    expect(parseDraft({ ...d, json: JSON.stringify('x'.repeat(300 * 1024)) })).toMatchObject({ ok: false, field: 'json', message: expect.stringMatching(/at most 262144 bytes/) });
  });
});

describe('a data_store prop in the prop form', () => {
  const prop = { name: 'store', type: 'data_store' };
  it('is a store picker whose value is {data_store_id}', () => {
    expect(fieldKind(prop)).toBe('data_store');
    expect(initialField(prop, { data_store_id: 'ds_1' })).toEqual({ raw: 'ds_1', expr: null });
    expect(initialField(prop, undefined)).toEqual({ raw: '', expr: null });
    expect(parseField(prop, { raw: 'ds_1', expr: null })).toEqual({ value: { data_store_id: 'ds_1' } });
    expect(parseField(prop, { raw: '', expr: null })).toEqual({ empty: true });
  });
});

function fakeFetch(routes: Record<string, (url: URL) => unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const url = new URL(path, 'http://x');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: `no route ${key}` } }), { status: 404 });
    return new Response(JSON.stringify(route(url)), { status: 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the data stores slice', () => {
  const page = (keys: string[], more: boolean) => ({
    data: keys.map((k) => rec(k)),
    page_info: { total_count: 150, count: keys.length, start_cursor: 'a', end_cursor: more ? `after-${keys[keys.length - 1]}` : 'end' },
  });
  const hundred = Array.from({ length: 100 }, (_, i) => `k${i}`);
  const fifty = Array.from({ length: 50 }, (_, i) => `k${100 + i}`);

  it('reads records a page at a time, and a refresh keeps as many as were shown', async () => {
    const calls = fakeFetch({
      'GET /v1/data_stores/ds_1/records': (url) => (url.searchParams.get('before') ? page(fifty, false) : page(hundred, true)),
    });
    const store = createAppStore();
    await store.getState().loadRecords('ds_1');
    expect(store.getState().storeRecords.ds_1).toMatchObject({ total: 150, more: 'after-k99', loading: false });
    await store.getState().loadRecords('ds_1', { more: true });
    expect(store.getState().storeRecords.ds_1!.records).toHaveLength(150);
    expect(store.getState().storeRecords.ds_1!.more).toBeNull();
    calls.length = 0;
    await store.getState().loadRecords('ds_1');
    expect(calls).toEqual(['GET /v1/data_stores/ds_1/records?limit=100', 'GET /v1/data_stores/ds_1/records?limit=100&before=after-k99']);
    expect(store.getState().storeRecords.ds_1!.records).toHaveLength(150);
  });

  it('re-reads the records of a shown store when a change frame names it, and the store list for source changes', async () => {
    const calls = fakeFetch({
      'GET /v1/data_stores/ds_1/records': () => page(['a'], false),
      'GET /v1/data_stores': () => ({ data: [], page_info: { total_count: 0, count: 0, start_cursor: null, end_cursor: null } }),
    });
    const store = createAppStore();
    dispatchFrame(store, { type: 'change', resource: 'data_stores', id: 'ds_1' });
    await vi.waitFor(() => expect(calls).toContain('GET /v1/data_stores?limit=100'));
    expect(calls.filter((c) => c.includes('/records'))).toEqual([]);
    await store.getState().loadRecords('ds_1');
    calls.length = 0;
    dispatchFrame(store, { type: 'change', resource: 'data_stores', id: 'ds_1' });
    await vi.waitFor(() => expect(calls).toContain('GET /v1/data_stores/ds_1/records?limit=100'));
    calls.length = 0;
    dispatchFrame(store, { type: 'change', resource: 'sources', id: 'dc_1' });
    await vi.waitFor(() => expect(calls).toContain('GET /v1/data_stores?limit=100'));
  });

  it('keeps an action\'s error where the user acted', async () => {
    fakeFetch({});
    const store = createAppStore();
    expect(await store.getState().saveRecord('ds_1', 'k', { value: 1 })).toBeNull();
    expect(store.getState().dataStoreErrors['ds_1\nk']).toMatch(/no route PUT/);
    expect(await store.getState().createDataStore('x')).toBeNull();
    expect(store.getState().dataStoreErrors.create).toMatch(/no route POST/);
  });
});
