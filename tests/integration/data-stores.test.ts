import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, sleep, startService, useService, waitFor } from '../helpers/service';
import { openSse } from '../helpers/sse';

const enc = encodeURIComponent;

describe('data stores over REST', () => {
  const svc = useService();
  const newStore = async (name: string) => (await svc.json('/v1/data_stores', { method: 'POST', json: { name } })).data;
  const put = (id: string, key: string, body: object) => svc.api(`/v1/data_stores/${id}/records/${enc(key)}`, { method: 'PUT', json: body });
  const error = async (r: Response) => ({ status: r.status, ...(await r.json()).error });

  it('creates, lists (newest first), reads and deletes stores; names are required and unique', async () => {
    const a = await newStore('orders');
    expect(a).toEqual({ id: expect.stringMatching(/^ds_[A-Za-z0-9]{10}$/), name: 'orders', record_count: 0, created_at: expect.any(Number), updated_at: a.created_at, used_by: [] });
    const b = await newStore('  customers  ');
    expect(b.name).toBe('customers');

    const list = await svc.json('/v1/data_stores?limit=1');
    expect(list.data.map((s: { id: string }) => s.id)).toEqual([b.id]);
    expect(list.page_info).toMatchObject({ total_count: 2, count: 1 });
    const next = await svc.json(`/v1/data_stores?limit=1&before=${list.page_info.end_cursor}`);
    expect(next.data.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect((await svc.json(`/v1/data_stores/${a.id}`)).data).toEqual(a);

    expect(await error(await svc.api('/v1/data_stores', { method: 'POST', json: {} }))).toMatchObject({ status: 400, code: 'bad_request', message: expect.stringMatching(/name/) });
    expect(await error(await svc.api('/v1/data_stores', { method: 'POST', json: { name: '   ' } }))).toMatchObject({ status: 400, message: expect.stringMatching(/name must not be empty/) });
    expect(await error(await svc.api('/v1/data_stores', { method: 'POST', json: { name: 'ORDERS' } }))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringContaining(a.id),
    });

    expect((await svc.json(`/v1/data_stores/${a.id}`, { method: 'DELETE' })).data).toEqual({ id: a.id, deleted: true });
    expect(await error(await svc.api(`/v1/data_stores/${a.id}`))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await svc.api(`/v1/data_stores/${a.id}/records`)).status).toBe(404);
    expect((await svc.api(`/v1/data_stores/${a.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('puts, reads, lists (newest write first, paged) and deletes records of any JSON value', async () => {
    const s = await newStore('records');
    const values: [string, unknown][] = [
      ['a', { n: 1, nested: [1, 'two', null] }],
      ['with/slash and space', 'text'],
      ['ünï©ødé', 42],
      ['nothing', null],
      ['list', [true, false]],
    ];
    for (const [key, value] of values) {
      const r = await put(s.id, key, { value });
      expect(r.status).toBe(200);
      expect((await r.json()).data).toEqual({ key, value, created_at: expect.any(Number), updated_at: expect.any(Number), expires_at: null, ttl: null });
    }
    for (const [key, value] of values) expect((await svc.json(`/v1/data_stores/${s.id}/records/${enc(key)}`)).data.value).toEqual(value);

    // Rewriting a record makes it the newest and keeps its created_at.
    const first = (await svc.json(`/v1/data_stores/${s.id}/records/a`)).data;
    await sleep(5);
    const again = (await (await put(s.id, 'a', { value: { n: 2 } })).json()).data;
    expect(again).toMatchObject({ value: { n: 2 }, created_at: first.created_at });
    expect(again.updated_at).toBeGreaterThan(first.updated_at);

    const all = await svc.json(`/v1/data_stores/${s.id}/records?limit=100`);
    expect(all.data.map((r: { key: string }) => r.key)).toEqual(['a', 'list', 'nothing', 'ünï©ødé', 'with/slash and space']);
    expect(all.page_info).toMatchObject({ total_count: 5, count: 5 });
    const p1 = await svc.json(`/v1/data_stores/${s.id}/records?limit=2`);
    expect(p1.data.map((r: { key: string }) => r.key)).toEqual(['a', 'list']);
    const p2 = await svc.json(`/v1/data_stores/${s.id}/records?limit=2&before=${p1.page_info.end_cursor}`);
    expect(p2.data.map((r: { key: string }) => r.key)).toEqual(['nothing', 'ünï©ødé']);
    const back = await svc.json(`/v1/data_stores/${s.id}/records?limit=2&after=${p2.page_info.start_cursor}`);
    expect(back.data.map((r: { key: string }) => r.key)).toEqual(['a', 'list']);
    expect((await svc.api(`/v1/data_stores/${s.id}/records?before=nonsense`)).status).toBe(400);
    expect((await svc.json(`/v1/data_stores/${s.id}`)).data.record_count).toBe(5);

    expect((await svc.json(`/v1/data_stores/${s.id}/records/nothing`, { method: 'DELETE' })).data).toEqual({ key: 'nothing', deleted: true });
    expect(await error(await svc.api(`/v1/data_stores/${s.id}/records/nothing`))).toMatchObject({ status: 404, message: expect.stringContaining('"nothing"') });
    expect((await svc.api(`/v1/data_stores/${s.id}/records/nothing`, { method: 'DELETE' })).status).toBe(404);

    expect((await svc.json(`/v1/data_stores/${s.id}/records`, { method: 'DELETE' })).data).toEqual({ id: s.id, cleared: true });
    expect((await svc.json(`/v1/data_stores/${s.id}/records`)).page_info.total_count).toBe(0);
  });

  it('refuses bad keys, values, TTLs and oversized values with a clear 4xx', async () => {
    const s = await newStore('limits');
    expect(await error(await put(s.id, 'k', {}))).toMatchObject({ status: 400, message: expect.stringMatching(/value is required/) });
    expect(await error(await put(s.id, 'k', { value: 1, ttl: -5 }))).toMatchObject({ status: 400, message: expect.stringMatching(/ttl must be more than 0/) });
    expect(await error(await put(s.id, 'k', { value: 1, ttl: 'soon' }))).toMatchObject({ status: 400, message: expect.stringMatching(/ttl must be a number/) });
    expect(await error(await put(s.id, 'k', { value: 1, ttl: 10 ** 9 }))).toMatchObject({ status: 400, message: expect.stringMatching(/at most 63072000 seconds/) });
    expect(await error(await put(s.id, 'x'.repeat(1025), { value: 1 }))).toMatchObject({ status: 400, message: expect.stringMatching(/at most 1024 bytes/) });
    expect((await put(s.id, 'x'.repeat(1024), { value: 1 })).status).toBe(200);
    expect(await error(await put(s.id, 'big', { value: 'x'.repeat(256 * 1024) }))).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: expect.stringMatching(/"big" is 262146 bytes as JSON; a data store value may be at most 262144 bytes/),
    });
    expect((await put(s.id, 'fits', { value: 'x'.repeat(256 * 1024 - 2) })).status).toBe(200);
    const bad = await svc.api(`/v1/data_stores/${s.id}/records/k`, { method: 'PUT', body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await put('ds_missing00', 'k', { value: 1 })).status).toBe(404);
  });

  it('expires records after their TTL everywhere, keeps the expiry on a rewrite, and removes it with null', async () => {
    const s = await newStore('ttl');
    const short = (await (await put(s.id, 'short', { value: 'soon gone', ttl: 0.6 })).json()).data;
    expect(short.ttl).toBe(1);
    expect(short.expires_at - short.updated_at).toBe(600);
    // A rewrite without ttl keeps the expiry; ttl: null removes it.
    const kept = (await (await put(s.id, 'kept', { value: 1, ttl: 3600 })).json()).data;
    expect((await (await put(s.id, 'kept', { value: 2 })).json()).data).toMatchObject({ value: 2, expires_at: kept.expires_at });
    const forever = (await (await put(s.id, 'kept', { value: 3, ttl: null })).json()).data;
    expect(forever).toMatchObject({ value: 3, expires_at: null, ttl: null });
    await put(s.id, 'later', { value: 'x', ttl: 3600 });
    expect((await svc.json(`/v1/data_stores/${s.id}`)).data.record_count).toBe(3);

    await waitFor(async () => (await svc.api(`/v1/data_stores/${s.id}/records/short`)).status === 404, 3000);
    expect(Date.now()).toBeGreaterThanOrEqual(short.expires_at);
    const keys = (await svc.json(`/v1/data_stores/${s.id}/records`)).data.map((r: { key: string }) => r.key);
    expect(keys).toEqual(['later', 'kept']);
    expect((await svc.json(`/v1/data_stores/${s.id}`)).data.record_count).toBe(2);
    expect((await svc.json(`/v1/data_stores/${s.id}/records/later`)).data.ttl).toBeGreaterThan(3590);
    // An expired record cannot be deleted or revived by a rewrite of its TTL.
    expect((await svc.api(`/v1/data_stores/${s.id}/records/short`, { method: 'DELETE' })).status).toBe(404);
  });

  it('tells the account stream about every change, so the UI refreshes', async () => {
    const stream = await openSse(`${svc.url}/v1/stream`, { authorization: `Bearer ${svc.apiKey}` });
    try {
      const s = await newStore('live');
      await put(s.id, 'k', { value: 1 });
      const changes = () => stream.frames.filter((f) => f.data.type === 'change' && f.data.resource === 'data_stores' && f.data.id === s.id);
      await waitFor(() => changes().length >= 2, 3000);
      expect(changes()[0].data).toEqual({ type: 'change', resource: 'data_stores', id: s.id });
    } finally {
      stream.close();
    }
  });
});

describe('data stores are durable', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  it('keeps acknowledged writes across a kill -9 and a restart, also after the journal was compacted', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const s = (await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'durable' } })).data;
    // ~400 KB of writes: past the 256 KB at which the journal is rewritten as a snapshot.
    for (let i = 0; i < 100; i++) await svc.json(`/v1/data_stores/${s.id}/records/k${i % 40}`, { method: 'PUT', json: { value: { i, pad: 'p'.repeat(4000) } } });
    await svc.json(`/v1/data_stores/${s.id}/records/k0`, { method: 'DELETE' });
    await svc.json(`/v1/data_stores/${s.id}/records/ttl`, { method: 'PUT', json: { value: 'expiring', ttl: 3600 } });
    await svc.json(`/v1/data_stores/${s.id}/records/last`, { method: 'PUT', json: { value: 'acknowledged' } });
    const before = (await svc.json(`/v1/data_stores/${s.id}/records?limit=100`)).data;
    await svc.kill9();

    svc = await startService({ dataDir: svc.dataDir });
    try {
      expect((await svc.json(`/v1/data_stores/${s.id}`)).data).toMatchObject({ id: s.id, name: 'durable', record_count: 41 });
      const after = (await svc.json(`/v1/data_stores/${s.id}/records?limit=100`)).data;
      expect(after.map((r: { key: string; ttl: number | null }) => ({ ...r, ttl: null }))).toEqual(before.map((r: { key: string }) => ({ ...r, ttl: null })));
      expect(after[0]).toMatchObject({ key: 'last', value: 'acknowledged' });
      expect((await svc.json(`/v1/data_stores/${s.id}/records/k39`)).data.value.i).toBe(79);
      expect((await svc.api(`/v1/data_stores/${s.id}/records/k0`)).status).toBe(404);
      // And it keeps going after the restart.
      await svc.json(`/v1/data_stores/${s.id}/records/again`, { method: 'PUT', json: { value: true } });
      await svc.stop();
      svc = await startService({ dataDir: svc.dataDir });
      expect((await svc.json(`/v1/data_stores/${s.id}/records/again`)).data.value).toBe(true);
      expect((await svc.json(`/v1/data_stores/${s.id}`)).data.record_count).toBe(42);
    } finally {
      await svc.stop();
    }
  });
});
