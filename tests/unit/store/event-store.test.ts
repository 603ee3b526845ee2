import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/main/logger';
import type { PendingEvent } from '../../../src/main/domain/events';
import { EventStore } from '../../../src/main/store/event-store';
import { tempDir } from '../../helpers/temp-dir';

function store(dir: string, now = { t: 1_700_000_000_000 }, compactBytes?: number) {
  return new EventStore({ dir, clock: { now: () => now.t }, logger: silentLogger, retention: () => 5, compactBytes });
}
const ev = (n: number, ch = ''): PendingEvent => ({ ch, emit_id: `e${n}`, ev: { n }, did: String(n) });

describe('EventStore', () => {
  it('assigns <ms>-<seq> ids, lists newest first and keeps only the retention window', async () => {
    const dir = tempDir('es-');
    const s = store(dir);
    const stored = await s.commit('dc_a', { events: [1, 2, 3, 4, 5, 6, 7].map((n) => ev(n)) });
    expect(stored.map((e) => e.id)).toEqual(['1700000000000-0', '1700000000000-1', '1700000000000-2', '1700000000000-3', '1700000000000-4', '1700000000000-5', '1700000000000-6']);
    const { events, total } = s.list('dc_a', { channel: '', limit: 10 });
    expect(total).toBe(5);
    expect(events.map((e) => (e.ev as { n: number }).n)).toEqual([7, 6, 5, 4, 3]);
    await s.close();
  });

  it('keeps exactly the retention window through many commits, in memory, in snapshots and after a reopen', async () => {
    const dir = tempDir('es-');
    // A small compaction threshold, so snapshots are written and read back too.
    const s = store(dir, undefined, 512);
    for (let n = 1; n <= 100; n++) await s.commit('dc_a', { events: [ev(n)] });
    const newest = [100, 99, 98, 97, 96];
    expect(s.list('dc_a', { channel: '', limit: 50 })).toMatchObject({ total: 5 });
    expect(s.list('dc_a', { channel: '', limit: 50 }).events.map((e) => (e.ev as { n: number }).n)).toEqual(newest);
    await s.close();
    const again = store(dir);
    await again.openAll();
    expect(again.list('dc_a', { channel: '', limit: 50 }).events.map((e) => (e.ev as { n: number }).n)).toEqual(newest);
    await again.close();
  });

  it('pages with before (older) and after (newer) cursors', async () => {
    const s = store(tempDir('es-'));
    const stored = await s.commit('dc_a', { events: [1, 2, 3, 4, 5].map((n) => ev(n)) });
    const ids = stored.map((e) => ({ ms: e.ms, seq: Number(e.id.split('-')[1]) }));
    expect(s.list('dc_a', { channel: '', limit: 2, before: ids[3] }).events.map((e) => e.did)).toEqual(['3', '2']);
    expect(s.list('dc_a', { channel: '', limit: 2, after: ids[1] }).events.map((e) => e.did)).toEqual(['4', '3']);
    expect(s.list('dc_a', { channel: '', limit: 2, before: ids[0] }).events).toEqual([]);
    await s.close();
  });

  it('keeps channels apart and survives a reopen, db and dedupe state included', async () => {
    const dir = tempDir('es-');
    const a = store(dir);
    await a.commit('dc_a', { events: [ev(1), ev(2, 'other')], db: { set: { k: 1 }, del: [] } });
    await a.commit('dc_a', { events: [], db: { set: { j: 2 }, del: ['k'] } });
    await a.close();
    const b = store(dir);
    await b.openAll();
    expect(b.list('dc_a', { channel: 'other', limit: 10 }).events.map((e) => e.did)).toEqual(['2']);
    expect(b.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.did)).toEqual(['1']);
    expect(b.db('dc_a')).toEqual({ j: 2 });
    let seen: string[] = [];
    await b.commit('dc_a', {
      events: [ev(3)],
      select: (evs, st) => {
        seen = st.recent;
        return evs;
      },
    });
    expect(seen).toEqual(['1', '2']);
    await b.close();
  });

  it('drops a torn last line after a crash and keeps every complete commit', async () => {
    const dir = tempDir('es-');
    const a = store(dir);
    await a.commit('dc_a', { events: [ev(1)] });
    await a.close();
    appendFileSync(join(dir, 'dc_a.jsonl'), '{"t":"c","ev":[{"id":"17');
    const b = store(dir);
    await b.openAll();
    expect(b.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.did)).toEqual(['1']);
    expect(readFileSync(join(dir, 'dc_a.jsonl'), 'utf8').endsWith('\n')).toBe(true);
    await b.close();
  });

  it('compacts the journal so it stays bounded however many events pass through', async () => {
    const dir = tempDir('es-');
    const now = { t: 1_700_000_000_000 };
    const s = store(dir, now, 4096);
    for (let i = 0; i < 400; i++) {
      now.t++;
      await s.commit('dc_a', { events: [ev(i)] });
    }
    expect(statSync(join(dir, 'dc_a.jsonl')).size).toBeLessThan(3 * 4096);
    await s.close();
    const b = store(dir);
    await b.openAll();
    expect(b.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.did)).toEqual(['399', '398', '397', '396', '395']);
    await b.close();
  });

  it('deletes an inclusive id range', async () => {
    const s = store(tempDir('es-'));
    const stored = await s.commit('dc_a', { events: [1, 2, 3, 4].map((n) => ev(n)) });
    await s.deleteEvents('dc_a', { from: stored[1].id, to: stored[2].id });
    expect(s.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.did)).toEqual(['4', '1']);
    await s.close();
  });

  it('commits concurrent invocations in order, deciding dedupe across a shared write', async () => {
    const dir = tempDir('es-');
    const s = store(dir);
    const unique = (evs: PendingEvent[], st: { recent: string[] }) => evs.filter((e) => !st.recent.includes(e.did!));
    const results = await Promise.all(
      ['a', 'b', 'a', 'c', 'b'].map((id) => s.commit('dc_a', { events: [{ ...ev(0), did: id }], select: unique })),
    );
    expect(results.map((r) => r.map((e) => e.did))).toEqual([['a'], ['b'], [], ['c'], []]);
    const ids = results.flat().map((e) => e.id);
    expect(ids).toEqual(['1700000000000-0', '1700000000000-1', '1700000000000-2']);
    await s.close();
    const b = store(dir);
    await b.openAll();
    expect(b.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.did)).toEqual(['c', 'b', 'a']);
    await b.close();
  });
});
