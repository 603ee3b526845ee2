import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/main/logger';
import { ChangeCoalescer } from '../../../src/main/runtime/change-coalescer';
import { DataStores } from '../../../src/main/runtime/data-stores';
import { DocumentStore } from '../../../src/main/store/documents';
import { tempDir } from '../../helpers/temp-dir';

async function open(dir: string, now: { t: number }, compactBytes?: number, onChange?: (id: string) => void) {
  const docs = await DocumentStore.open(join(dir, 'runnel.json'));
  const stores = new DataStores({ dir: join(dir, 'data-stores'), clock: { now: () => now.t }, logger: silentLogger, docs, compactBytes, onChange });
  await stores.open();
  return stores;
}

describe('DataStores with a virtual clock', () => {
  it('expires records exactly at their TTL, for every read, and keeps expiry across a rewrite', async () => {
    const dir = tempDir('ds-');
    const now = { t: 1_700_000_000_000 };
    const s = await open(dir, now);
    const { id } = await s.create('ttl');
    await s.call({ store: id, op: 'set', key: 'a', value: 1, ttl: 10 });
    await s.call({ store: id, op: 'set', key: 'b', value: 2 });
    now.t += 5_000;
    // A set without ttl keeps the record's expiry; setTtl moves it.
    await s.call({ store: id, op: 'set', key: 'a', value: 11 });
    expect((await s.record(id, 'a')).expires_at).toBe(1_700_000_010_000);
    now.t += 4_999;
    expect(await s.call({ store: id, op: 'get', key: 'a' })).toBe(11);
    now.t += 1;
    expect(await s.call({ store: id, op: 'get', key: 'a' })).toBeUndefined();
    expect(await s.call({ store: id, op: 'has', key: 'a' })).toBe(false);
    expect(await s.call({ store: id, op: 'keys' })).toEqual(['b']);
    expect(await s.call({ store: id, op: 'setTtl', key: 'a', ttl: 100 })).toBe(false);
    expect(s.one(id).record_count).toBe(1);

    await s.call({ store: id, op: 'setTtl', key: 'b', ttl: 1 });
    expect((await s.record(id, 'b')).ttl).toBe(1);
    await s.call({ store: id, op: 'setTtl', key: 'b', ttl: null });
    now.t += 60_000;
    expect(await s.call({ store: id, op: 'entries' })).toEqual([['b', 2]]);
    await s.close();
  });

  it('replays the journal on open, drops expired records, and compacts into a snapshot', async () => {
    const dir = tempDir('ds-');
    const now = { t: 1_700_000_000_000 };
    const s = await open(dir, now, 4096);
    const { id } = await s.create('replay');
    for (let i = 0; i < 50; i++) await s.put(id, `k${i % 10}`, { i, pad: 'x'.repeat(100) }, i % 10 === 9 ? 1 : undefined);
    await s.delete(id, 'k0');
    const file = join(dir, 'data-stores', `${id}.jsonl`);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // Compacted: a snapshot header and far fewer lines than the 52 writes.
    expect(lines.length).toBeLessThan(30);
    expect(JSON.parse(lines.find((l) => l.includes('"t":"h"'))!).meta).toMatchObject({ id, name: 'replay' });
    const before = (await s.records(id)).map((r) => r.record.key);
    await s.close();

    // A torn last line (a crash mid-write) is dropped; k9 has expired by the time we reopen.
    appendFileSync(file, '{"t":"p","k":"torn","r":{"v":');
    now.t += 2_000;
    const again = await open(dir, now, 4096);
    const after = (await again.records(id)).map((r) => r.record.key);
    expect(after).toEqual(before.filter((k) => k !== 'k9'));
    expect(await again.call({ store: id, op: 'get', key: 'k8' })).toEqual({ i: 48, pad: 'x'.repeat(100) });
    // New writes after a reopen continue the write sequence (newest first stays right).
    await again.put(id, 'k1', 'newest', undefined);
    expect((await again.records(id))[0].record.key).toBe('k1');
    await again.close();
  });

  it('runs operations on a store in arrival order and tells about each change', async () => {
    const dir = tempDir('ds-');
    const changes: string[] = [];
    const s = await open(dir, { t: 1 }, undefined, (id) => changes.push(id));
    const { id } = await s.create('order');
    const results = await Promise.all([
      s.call({ store: id, op: 'set', key: 'x', value: 1 }),
      s.call({ store: id, op: 'get', key: 'x' }),
      s.call({ store: id, op: 'set', key: 'x', value: 2 }),
      s.call({ store: id, op: 'get', key: 'x' }),
      s.call({ store: id, op: 'delete', key: 'x' }),
      s.call({ store: id, op: 'has', key: 'x' }),
    ]);
    expect(results).toEqual([undefined, 1, undefined, 2, true, false]);
    expect(changes).toEqual([id, id, id, id]);
    await s.remove(id);
    expect(readdirSync(join(dir, 'data-stores'))).toEqual([]);
    await expect(s.call({ store: id, op: 'get', key: 'x' })).rejects.toThrow(/No data store/);
    await s.close();
  });
});

describe('ChangeCoalescer', () => {
  afterEach(() => vi.useRealTimers());

  it('announces the first change at once and a burst after it once, per key', () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const c = new ChangeCoalescer((k) => said.push(k), 100);
    c.note('a');
    c.note('a');
    c.note('a');
    c.note('b');
    expect(said).toEqual(['a', 'b']);
    vi.advanceTimersByTime(100);
    expect(said).toEqual(['a', 'b', 'a']);
    vi.advanceTimersByTime(1000);
    expect(said).toEqual(['a', 'b', 'a']);
    c.note('a');
    expect(said).toEqual(['a', 'b', 'a', 'a']);
    c.dispose();
  });
});
