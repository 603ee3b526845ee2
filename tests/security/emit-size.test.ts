// Issue 14, item 6: an emitted event had no size cap (40 MB events were stored, the journal
// grew to 242 MB and the main process to 1.2 GB). Now an event is at most 1 MB as JSON with its
// metadata, and one invocation's events at most 6 MB together: past either, $emit throws in
// the component and nothing over the cap is stored.
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const KB = 1024;

describe('emitted event size', () => {
  const svc = useService();

  const emitter = `export default { name: "big", version: "1", async run(event) {
    for (let i = 0; i < event.count; i++) this.$emit({ i, pad: "x".repeat(event.bytes) }, { summary: "s" + i });
  } };`;

  it('refuses an event over 1 MB with a clear error in the run, and stores nothing of it', async () => {
    const src = await svc.createSource(emitter);
    const r = await svc.runSource(src.id, { count: 1, bytes: 2200 * KB });
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/^Runnel: this event is 2\.1 MB as JSON; an emitted event may be at most 1 MB/);
    expect(await svc.events(src.id)).toEqual([]);
    expect(await svc.logText(src.id)).toContain('at most 1 MB');
  });

  it('stores an event just under the cap', async () => {
    const src = await svc.createSource(emitter);
    const r = await svc.runSource(src.id, { count: 1, bytes: 900 * KB });
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    const events = await svc.events(src.id);
    expect(events).toHaveLength(1);
    expect(events[0].event.pad).toHaveLength(900 * KB);
  });

  it("refuses the emit that takes one invocation's events past 6 MB; the ones before it are kept", async () => {
    const src = await svc.createSource(emitter);
    const r = await svc.runSource(src.id, { count: 8, bytes: 900 * KB });
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/^Runnel: this invocation's events would be 6\.\d MB as JSON together; one invocation may emit at most 6 MB/);
    const kept = (await svc.events(src.id)).map((e: { event: { i: number } }) => e.event.i);
    expect(kept).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('lets a component that catches the error go on', async () => {
    const src = await svc.createSource(`export default { name: "careful", version: "1", async run() {
      try { this.$emit({ pad: "x".repeat(1100 * 1024) }); } catch (e) { this.$emit({ refused: e.message.slice(0, 40) }); }
    } };`);
    const r = await svc.runSource(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect((await svc.events(src.id)).map((e: { event: unknown }) => e.event)).toEqual([{ refused: 'Runnel: this event is 1.1 MB as JSON; an' }]);
  });
});
