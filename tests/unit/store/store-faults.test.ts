import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunnelError } from '../../../src/shared/errors';
import { silentLogger } from '../../../src/main/logger';
import { DocumentStore } from '../../../src/main/store/documents';
import type { PendingEvent } from '../../../src/main/domain/events';
import { EventStore } from '../../../src/main/store/event-store';
import { faultInjectingFs } from '../../../src/main/store/fault-injecting-fs';
import { JournalFile } from '../../../src/main/store/journal-file';
import { nodeStoreFs } from '../../../src/main/store/store-fs';
import { StoreHealth } from '../../../src/main/store/store-health';
import { tempDir } from '../../helpers/temp-dir';

const clock = { now: () => 1_700_000_000_000 };

/** A temp dir and a store file system whose disk fills when `full(bytes)` is called. */
function disk() {
  const dir = tempDir('store-faults-');
  const control = join(dir, 'control');
  return {
    dir,
    fs: faultInjectingFs(nodeStoreFs, control),
    full: (roomLeft = 0) => writeFileSync(control, `enospc-after:${roomLeft}`),
    clear: () => rmSync(control, { force: true }),
  };
}

const ev = (n: number): PendingEvent => ({ ch: '', emit_id: `e${n}`, ev: { n, pad: 'x'.repeat(200) } });

async function storageFull(p: Promise<unknown>): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RunnelError);
  expect((err as RunnelError).code).toBe('storage_full');
  expect((err as RunnelError).message).toMatch(/disk is full/);
}

describe('store under a full disk', () => {
  it('a journal append that half fits is cut back: the file is as before, and the next append lands whole', async () => {
    const d = disk();
    const j = new JournalFile(join(d.dir, 'j.jsonl'), d.fs);
    await j.append([{ a: 1 }]);
    const before = readFileSync(j.path);
    d.full(10);
    await expect(j.append([{ b: 'y'.repeat(100) }])).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readFileSync(j.path)).toEqual(before);
    d.clear();
    await j.append([{ c: 3 }]);
    await j.close();
    expect((await new JournalFile(j.path).load()).records).toEqual([{ a: 1 }, { c: 3 }]);
  });

  it('a commit that cannot be stored fails with storage_full and changes nothing; commits work again once there is room', async () => {
    const d = disk();
    const health = new StoreHealth(silentLogger, clock);
    const s = new EventStore({ dir: d.dir, clock, logger: silentLogger, retention: () => 100, fs: d.fs, health });
    const [first] = await s.commit('dc_a', { events: [ev(1)], db: { set: { k: 1 }, del: [] } });
    d.full(50);
    await storageFull(s.commit('dc_a', { events: [ev(2)], db: { set: { k: 2 }, del: [] } }));
    expect(health.full).toBe(true);
    expect(s.list('dc_a', { channel: '', limit: 10 }).events.map((e) => e.id)).toEqual([first.id]);
    expect(s.db('dc_a')).toEqual({ k: 1 });
    d.clear();
    const [third] = await s.commit('dc_a', { events: [ev(3)] });
    expect(third.id).toBe('1700000000000-1');
    expect(health.full).toBe(false);
    await s.close();
    const again = new EventStore({ dir: d.dir, clock, logger: silentLogger, retention: () => 100 });
    await again.openAll();
    expect(again.list('dc_a', { channel: '', limit: 10 }).events.map((e) => (e.ev as { n: number }).n)).toEqual([3, 1]);
    expect(again.health.warnings).toEqual([]);
  });

  it('a compaction that runs out of space leaves the journal whole, and the commit that triggered it stands', async () => {
    const d = disk();
    const s = new EventStore({ dir: d.dir, clock, logger: silentLogger, retention: () => 100, compactBytes: 2048, fs: d.fs });
    for (let i = 0; i < 6; i++) await s.commit('dc_a', { events: [ev(i)] });
    // Room for one more commit line (~300 bytes), not for the snapshot it triggers.
    d.full(400);
    const stored = await s.commit('dc_a', { events: [ev(6)] });
    expect(stored).toHaveLength(1);
    const lines = () => readFileSync(join(d.dir, 'dc_a.jsonl'), 'utf8').trim().split('\n');
    expect(lines()).toHaveLength(7); // not compacted
    expect(readdirSync(d.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    d.clear();
    await s.commit('dc_a', { events: [ev(7)] });
    expect(lines()).toHaveLength(1); // compacted now, the generation before kept
    expect(readFileSync(join(d.dir, 'dc_a.jsonl.bak'), 'utf8').trim().split('\n')).toHaveLength(8);
    await s.close();
    const again = new EventStore({ dir: d.dir, clock, logger: silentLogger, retention: () => 100 });
    await again.openAll();
    expect(again.list('dc_a', { channel: '', limit: 10 }).events).toHaveLength(8);
    expect(again.health.warnings).toEqual([]);
  });

  it('a documents save that fails undoes every change not on disk, and each of them fails', async () => {
    const d = disk();
    const health = new StoreHealth(silentLogger, clock);
    const docs = await DocumentStore.open(join(d.dir, 'runnel.json'), { health, now: clock.now, fs: d.fs });
    await docs.update((x) => {
      x.settings.event_retention = 7;
    });
    const onDisk = readFileSync(join(d.dir, 'runnel.json'));
    d.full(5);
    const a = docs.update((x) => {
      x.settings.event_retention = 8;
    });
    const b = docs.update((x) => {
      x.settings.memory_cap_mb = 64;
    });
    await storageFull(a);
    await storageFull(b);
    expect(docs.data.settings.event_retention).toBe(7);
    expect(docs.data.settings.memory_cap_mb).toBe(256);
    expect(readFileSync(join(d.dir, 'runnel.json'))).toEqual(onDisk);
    expect(readdirSync(d.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    d.clear();
    await docs.update((x) => {
      x.settings.event_retention = 9;
    });
    expect(JSON.parse(readFileSync(join(d.dir, 'runnel.json'), 'utf8')).settings.event_retention).toBe(9);
    // The save before is the previous copy.
    expect(JSON.parse(readFileSync(join(d.dir, 'runnel.json.bak'), 'utf8')).settings.event_retention).toBe(7);
  });
});

describe('store damage', () => {
  it('a documents file saved with a checksum is read back; one saved before checksums (plain JSON) still opens', async () => {
    const d = disk();
    const path = join(d.dir, 'runnel.json');
    const docs = await DocumentStore.open(path, { now: clock.now, fs: d.fs });
    await docs.update((x) => {
      x.settings.event_retention = 42;
    });
    expect(readFileSync(path, 'utf8')).toMatch(/^\{"#":"[0-9a-f]{8}",/);
    expect((await DocumentStore.open(path, { now: clock.now, fs: d.fs })).data.settings.event_retention).toBe(42);
    const plain = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    delete plain['#'];
    writeFileSync(path, JSON.stringify(plain));
    const health = new StoreHealth(silentLogger, clock);
    expect((await DocumentStore.open(path, { now: clock.now, fs: d.fs, health })).data.settings.event_retention).toBe(42);
    expect(health.warnings).toEqual([]);
  });

  it('a journal line changed into other valid JSON fails its checksum: the file is kept aside and rewritten with the intact lines', async () => {
    const dir = tempDir('store-damage-');
    const j = new JournalFile(join(dir, 'j.jsonl'));
    await j.append([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await j.close();
    const changed = readFileSync(j.path, 'utf8').replace('"n":2', '"n":5');
    writeFileSync(j.path, changed);
    const loaded = await new JournalFile(j.path).load({ now: 42 });
    expect(loaded.records).toEqual([{ n: 1 }, { n: 3 }]);
    expect(loaded.damage).toMatchObject({ corruptLines: 1, firstBadLine: 2, keptAs: `${j.path}.corrupt-42` });
    expect(readFileSync(`${j.path}.corrupt-42`, 'utf8')).toBe(changed);
    expect((await new JournalFile(j.path).load()).damage).toBeUndefined();
  });

  it('a journal whose size differs from the clean-shutdown record is reported even when every line is intact', async () => {
    const dir = tempDir('store-damage-');
    const s = new EventStore({ dir, clock, logger: silentLogger, retention: () => 100 });
    await s.commit('dc_a', { events: [ev(1)] });
    await s.commit('dc_a', { events: [ev(2)] });
    await s.close();
    const p = join(dir, 'dc_a.jsonl');
    writeFileSync(p, readFileSync(p, 'utf8').split('\n')[0] + '\n');
    const again = new EventStore({ dir, clock, logger: silentLogger, retention: () => 100 });
    await again.openAll();
    expect(again.health.warnings).toMatchObject([{ file: p, problem: expect.stringContaining('where the last clean shutdown left') }]);
    expect(again.list('dc_a', { channel: '', limit: 10 }).events).toHaveLength(1);
    expect(statSync(p).size).toBeGreaterThan(0);
  });
});
