import { describe, expect, it } from 'vitest';
import { counter, dedupe, emitter } from '../fixtures/components';
import { useService } from '../helpers/service';

describe('emitted events', () => {
  const svc = useService();

  const create = (code: string, extra?: object) => svc.createSource(code, extra);
  const run = (id: string, event?: unknown) => svc.runSource(id, event);
  const summaries = async (id: string, qs = '') => svc.json(`/v1/sources/${id}/event_summaries${qs}`);

  it('stores emits with ids, metadata and summaries, newest first, event only with expand', async () => {
    const src = await create(emitter);
    const r = await run(src.id, { items: [{ n: 1 }, { n: 2, meta: { summary: 'second', name: 'side' } }, { n: 3 }] });
    expect(r.ok).toBe(true);
    expect(r.emitted).toHaveLength(3);
    const list = await summaries(src.id);
    expect(list.data.map((e: { event?: unknown }) => e.event)).toEqual([undefined, undefined]);
    expect(list.page_info).toMatchObject({ total_count: 2, count: 2 });
    const first = list.data[1];
    expect(first.id).toMatch(/^\d{13}-\d+$/);
    expect(typeof first.indexed_at_ms).toBe('number');
    expect(first.metadata).toMatchObject({ emitter_id: src.id, name: '' });
    expect(typeof first.metadata.emit_id).toBe('string');
    const expanded = await summaries(src.id, '?expand=event');
    expect(expanded.data.map((e: { event: { n: number } }) => e.event.n)).toEqual([3, 1]);
    const side = await summaries(src.id, '?event_name=side&expand=event');
    expect(side.data).toHaveLength(1);
    expect(side.data[0].metadata).toMatchObject({ name: 'side', summary: 'second' });
    expect(side.data[0].event).toEqual({ n: 2, label: 'hello' });
  });

  it('pages with limit, before and after cursors', async () => {
    const src = await create(emitter);
    await run(src.id, { items: Array.from({ length: 25 }, (_, i) => ({ n: i })) });
    const p1 = await summaries(src.id, '?limit=10&expand=event');
    expect(p1.data.map((e: { event: { n: number } }) => e.event.n)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    expect(p1.page_info).toMatchObject({ total_count: 25, count: 10, start_cursor: p1.data[0].id, end_cursor: p1.data[9].id });
    const p2 = await summaries(src.id, `?limit=10&expand=event&before=${p1.page_info.end_cursor}`);
    expect(p2.data[0].event.n).toBe(14);
    const newer = await summaries(src.id, `?limit=3&expand=event&after=${p2.page_info.start_cursor}`);
    expect(newer.data.map((e: { event: { n: number } }) => e.event.n)).toEqual([17, 16, 15]);
    const dflt = await summaries(src.id);
    expect(dflt.data).toHaveLength(10);
    const max = await summaries(src.id, '?limit=100');
    expect(max.data).toHaveLength(25);
    for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?before=nope', '?after=1-x', '?expand=all']) {
      const r = await svc.api(`/v1/sources/${src.id}/event_summaries${bad}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error.message).toBeTruthy();
    }
  });

  it('keeps only the retention window per channel', async () => {
    await svc.json('/v1/settings', { method: 'PUT', json: { event_retention: 5 } });
    try {
      const src = await create(emitter);
      await run(src.id, { items: Array.from({ length: 8 }, (_, i) => ({ n: i })) });
      const list = await summaries(src.id, '?expand=event');
      expect(list.page_info.total_count).toBe(5);
      expect(list.data.map((e: { event: { n: number } }) => e.event.n)).toEqual([7, 6, 5, 4, 3]);
    } finally {
      await svc.json('/v1/settings', { method: 'PUT', json: { event_retention: 100 } });
    }
  });

  it('deletes events in an inclusive range, or all, answering 202', async () => {
    const src = await create(emitter);
    await run(src.id, { items: [1, 2, 3, 4, 5].map((n) => ({ n })) });
    const ids = (await summaries(src.id)).data.map((e: { id: string }) => e.id).reverse();
    const r = await svc.api(`/v1/sources/${src.id}/events?start_id=${ids[1]}&end_id=${ids[3]}`, { method: 'DELETE' });
    expect(r.status).toBe(202);
    expect((await summaries(src.id)).data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[0]]);
    expect((await svc.api(`/v1/sources/${src.id}/events`, { method: 'DELETE' })).status).toBe(202);
    expect((await summaries(src.id)).page_info.total_count).toBe(0);
    expect((await svc.api(`/v1/sources/${src.id}/events?start_id=bad`, { method: 'DELETE' })).status).toBe(400);
  });

  it('orders events that carry ts oldest to newest within an invocation', async () => {
    const code = `export default { name: "ts", version: "1", async run() {
      this.$emit({ n: "c" }, { ts: 3000 }); this.$emit({ n: "a" }, { ts: 1000 }); this.$emit({ n: "b" }, { ts: 2000 });
    } }`;
    const src = await create(code);
    await run(src.id);
    const list = await summaries(src.id, '?expand=event');
    expect(list.data.map((e: { event: { n: string } }) => e.event.n)).toEqual(['c', 'b', 'a']);
  });

  it('dedupes with unique (last 100 ids), across invocations', async () => {
    const src = await create(dedupe('unique'));
    expect((await run(src.id, { ids: ['a', 'b', 'a'] })).emitted).toHaveLength(2);
    const again = await run(src.id, { ids: ['b', 'c'] });
    expect(again.emitted.map((e: { event: { id: string } }) => e.event.id)).toEqual(['c']);
    expect(again.deduped).toBe(1);
    const ids = Array.from({ length: 100 }, (_, i) => `x${i}`);
    await run(src.id, { ids });
    // 'a' has been pushed out of the 100-id cache, 'x99' has not.
    expect((await run(src.id, { ids: ['a', 'x99'] })).emitted.map((e: { event: { id: string } }) => e.event.id)).toEqual(['a']);
  });

  it('dedupes with greatest, refusing non-numeric ids with a log line', async () => {
    const src = await create(dedupe('greatest'));
    expect((await run(src.id, { ids: [5, 3, 8] })).emitted.map((e: { event: { id: number } }) => e.event.id)).toEqual([5, 8]);
    expect((await run(src.id, { ids: [7, 9, 'abc'] })).emitted.map((e: { event: { id: number } }) => e.event.id)).toEqual([9]);
    const logs = (await svc.json(`/v1/sources/${src.id}/logs`)).data.map((l: { line: string }) => l.line).join('\n');
    expect(logs).toMatch(/greatest.*numeric/);
  });

  it('dedupes with last', async () => {
    const src = await create(dedupe('last'));
    expect((await run(src.id, { ids: ['a', 'b', 'c'] })).emitted).toHaveLength(3);
    expect((await run(src.id, { ids: ['b', 'c', 'd', 'e'] })).emitted.map((e: { event: { id: string } }) => e.event.id)).toEqual(['d', 'e']);
    expect((await run(src.id, { ids: ['x', 'y'] })).emitted).toHaveLength(2);
  });

  it('refuses an emit without id under a dedupe strategy, with a log line', async () => {
    const code = `export default { name: "noid", version: "1", dedupe: "unique", async run() { this.$emit({ a: 1 }); this.$emit({ b: 2 }, { id: "b" }); } }`;
    const src = await create(code);
    const r = await run(src.id);
    expect(r.emitted).toHaveLength(1);
    const logs = (await svc.json(`/v1/sources/${src.id}/logs`)).data.map((l: { line: string }) => l.line).join('\n');
    expect(logs).toMatch(/needs an id/);
  });

  it('commits emits and db changes of an invocation that throws', async () => {
    const code = `export default { name: "half", version: "1", props: { db: "$.service.db" }, async run() {
      this.db.set("k", (this.db.get("k") || 0) + 1); this.$emit({ before: true }); throw new Error("after emit");
    } }`;
    const src = await create(code);
    const r = await run(src.id);
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ name: 'Error', message: 'after emit' });
    expect(r.emitted).toHaveLength(1);
    const r2 = await run(src.id);
    expect(r2.emitted).toHaveLength(1);
    const logs = (await svc.json(`/v1/sources/${src.id}/logs`)).data.map((l: { line: string }) => l.line).join('\n');
    expect(logs).toContain('after emit');
  });

  it('refuses db values over 60 KB with a clear error', async () => {
    const code = `export default { name: "big", version: "1", props: { db: "$.service.db" }, async run() { this.db.set("k", "x".repeat(70000)); } }`;
    const src = await create(code);
    const r = await run(src.id);
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/60 ?KB|61,?440|too large/i);
  });

  it('keeps db state across updates', async () => {
    const src = await create(counter(1));
    await run(src.id);
    await run(src.id);
    await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { component_code: counter(3) } });
    expect((await run(src.id)).emitted[0].event).toEqual({ n: 3, version: 3 });
  });
});
