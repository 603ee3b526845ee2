import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../src/shared/resources';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { authBody, rowsOf } from '../../../src/renderer/src/features/accounts/accounts-slice';

const account: Account = { id: 'apn_1', app: 'github', name: 'Work', auth: { token: '********', org: '********' }, created_at: 1, updated_at: 1 };

function fakeFetch(routes: Record<string, (body: unknown) => { status?: number; json?: unknown }>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const route = Object.entries(routes).find(([k]) => key === k);
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: `no route ${key}` } }), { status: 404 });
    const out = route[1](body);
    return new Response(JSON.stringify(out.json), { status: out.status ?? 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('account credentials in the form', () => {
  it('starts an edit with the stored keys and empty values', () => {
    expect(rowsOf(account)).toEqual([
      { key: 'token', value: '', stored: true },
      { key: 'org', value: '', stored: true },
    ]);
  });

  it('sends every filled row on create, skipping rows without a key', () => {
    expect(authBody([{ key: ' token ', value: 's3cret', stored: false }, { key: '', value: 'x', stored: false }])).toEqual({ token: 's3cret' });
  });

  it('sends no auth when nothing changed, and only typed values in clear otherwise', () => {
    expect(authBody(rowsOf(account), account)).toBeUndefined();
    const rows = rowsOf(account).map((r) => (r.key === 'token' ? { ...r, value: 'new' } : r));
    expect(authBody(rows, account)).toEqual({ token: 'new', org: '********' });
    // A removed key is left out (the service drops it); an added one is sent.
    expect(authBody([rowsOf(account)[0], { key: 'extra', value: 'e', stored: false }], account)).toEqual({ token: '********', extra: 'e' });
  });
});

describe('the accounts slice', () => {
  it('creates an account and re-reads the list', async () => {
    const calls = fakeFetch({
      'POST /v1/accounts': () => ({ json: { data: account } }),
      'GET /v1/accounts': () => ({ json: { data: [account] } }),
    });
    const store = createAppStore();
    const made = await store.getState().createAccount({ app: 'github', name: 'Work', rows: [{ key: 'token', value: 't', stored: false }] });
    expect(made).toEqual(account);
    expect(calls[0].body).toEqual({ app: 'github', name: 'Work', auth: { token: 't' } });
    expect(store.getState().accounts).toEqual([account]);
  });

  it('sends only the changed name and values on edit', async () => {
    const calls = fakeFetch({
      'PUT /v1/accounts/apn_1': () => ({ json: { data: account } }),
      'GET /v1/accounts': () => ({ json: { data: [account] } }),
    });
    const store = createAppStore();
    await store.getState().updateAccount(account, { name: 'Work', rows: rowsOf(account) });
    expect(calls[0].body).toEqual({});
    await store.getState().updateAccount(account, { name: 'Home', rows: rowsOf(account).map((r) => (r.key === 'org' ? { ...r, value: 'acme' } : r)) });
    expect(calls[2].body).toEqual({ name: 'Home', auth: { token: '********', org: 'acme' } });
  });

  it('keeps a 409 naming who uses the account where the delete was asked', async () => {
    fakeFetch({ 'DELETE /v1/accounts/apn_1': () => ({ status: 409, json: { error: { code: 'conflict', message: 'Account apn_1 is used by dc_x; point them at another account first' } } }) });
    const store = createAppStore();
    expect(await store.getState().deleteAccount('apn_1')).toBe(false);
    expect(store.getState().accountErrors.apn_1).toMatch(/used by dc_x/);
    store.getState().clearAccountError('apn_1');
    expect(store.getState().accountErrors.apn_1).toBeUndefined();
  });
});
