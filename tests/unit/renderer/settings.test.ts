import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../src/shared/resources';
import { ApiError } from '../../../src/renderer/src/api/client';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { fieldOf, settingsPatch } from '../../../src/renderer/src/features/settings/settings-slice';

const current: Settings = { default_timeout_seconds: 300, event_retention: 100, memory_cap_mb: 256, source_queue_length: 1000 };

function fakeFetch(routes: Record<string, (body: unknown) => { status?: number; json?: unknown }>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: `no route ${key}` } }), { status: 404 });
    const out = route(body);
    return new Response(JSON.stringify(out.json), { status: out.status ?? 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the settings form', () => {
  it('sends only changed fields, as numbers where they parse', () => {
    expect(settingsPatch({ event_retention: '100', memory_cap_mb: ' 512 ', source_queue_length: 'lots' }, current)).toEqual({ memory_cap_mb: 512, source_queue_length: 'lots' });
  });

  it('finds the field a 400 names, from its issues or its message', () => {
    expect(fieldOf(new ApiError(400, 'bad_request', 'event_retention: Too small', { issues: [{ path: ['event_retention'], message: 'Too small' }] }))).toBe('event_retention');
    expect(fieldOf(new ApiError(400, 'bad_request', 'memory_cap_mb: Too big'))).toBe('memory_cap_mb');
    expect(fieldOf(new ApiError(400, 'invalid_json', 'Malformed JSON'))).toBeNull();
    expect(fieldOf(new Error('x'))).toBeNull();
  });
});

describe('the settings slice', () => {
  it('saves, and on a 400 keeps the message with its field', async () => {
    const calls = fakeFetch({
      'PUT /v1/settings': (body) =>
        (body as Settings).event_retention === 0
          ? { status: 400, json: { error: { code: 'bad_request', message: 'event_retention: Too small: expected number to be >=1', details: { issues: [{ path: ['event_retention'], message: 'Too small' }] } } } }
          : { json: { data: { ...current, ...(body as object) } } },
    });
    const store = createAppStore();
    store.setState({ settings: current });
    expect(await store.getState().saveSettings({ event_retention: '0' })).toBe(false);
    expect(store.getState().settingsSave).toEqual({ error: 'event_retention: Too small: expected number to be >=1', field: 'event_retention' });
    expect(await store.getState().saveSettings({ event_retention: '50' })).toBe(true);
    expect(calls[1].body).toEqual({ event_retention: 50 });
    expect(store.getState().settings?.event_retention).toBe(50);
    expect(store.getState().settingsSave.error).toBeUndefined();
  });

  it('rotates the key without ever holding it, and says why it could not', async () => {
    let env = false;
    fakeFetch({
      'POST /v1/api-key/rotate': () =>
        env ? { status: 409, json: { error: { code: 'conflict', message: 'The API key comes from RUNNEL_API_KEY' } } } : { json: { data: { rotated: true, api_key_file: '/d/api-key' } } },
    });
    const store = createAppStore();
    expect(await store.getState().rotateApiKey()).toBe(true);
    expect(store.getState().keyRotation.rotatedAt).toBeGreaterThan(0);
    expect(JSON.stringify(store.getState())).not.toMatch(/rotated": true/);
    env = true;
    expect(await store.getState().rotateApiKey()).toBe(false);
    expect(store.getState().keyRotation.error).toMatch(/RUNNEL_API_KEY/);
  });

  it('reads packages and refreshes them', async () => {
    const state = { resolved: { 'dayjs@latest': '1.11.23' }, sets: [['dayjs@1.11.23']], activity: [] };
    const calls = fakeFetch({
      'GET /v1/packages': () => ({ json: { data: state } }),
      'POST /v1/packages/refresh': () => ({ json: { data: { refreshed: ['dayjs'] } } }),
    });
    const store = createAppStore();
    await store.getState().loadPackages();
    expect(store.getState().packages).toEqual(state);
    expect(await store.getState().refreshPackages()).toEqual(['dayjs']);
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/packages', 'POST /v1/packages/refresh', 'GET /v1/packages']);
  });
});
