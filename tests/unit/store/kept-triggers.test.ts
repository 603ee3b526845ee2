// A source's kept trigger inputs live in its event journal: written with the events they
// produced, bounded by the retention, carried through compaction and a reopen, and deleted
// with the events.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/main/logger';
import { EventStore } from '../../../src/main/store/event-store';
import { keptTrigger, MAX_KEPT_INPUT_CHARS } from '../../../src/main/store/kept-triggers';
import { waitFor } from '../../helpers/service';
import { tempDir } from '../../helpers/temp-dir';

const store = (dir: string, compactBytes?: number) =>
  new EventStore({ dir, clock: { now: () => 1_700_000_000_000 }, logger: silentLogger, retention: () => 5, compactBytes });
const request = (n: number) => ({ method: 'POST', body: { n } });

describe('kept trigger inputs', () => {
  it('are kept with the events they produced, the newest `retention` of them, through compaction and a reopen', async () => {
    const dir = tempDir('kt-');
    const s = store(dir, 512);
    const ids: string[] = [];
    for (let n = 1; n <= 40; n++) {
      const t = keptTrigger(`i_${n}`, n % 2 ? 'http' : 'manual', n, request(n));
      const [e] = await s.commit('dc_a', { events: [{ ch: '', emit_id: `e${n}`, ev: { n } }], trigger: t });
      expect(e.tid).toBe(`i_${n}`);
      ids.push(e.id);
    }
    // An invocation that emitted nothing keeps its input too.
    await s.commit('dc_a', { events: [], trigger: keptTrigger('i_41', 'http', 41, request(41)) });
    await s.close();
    const again = store(dir);
    await again.openAll();
    expect(again.trigger('dc_a', 'i_41')?.input).toEqual(request(41));
    expect(again.trigger('dc_a', 'i_37')).toMatchObject({ kind: 'http', ts: 37, input: request(37) });
    expect(again.trigger('dc_a', 'i_36')).toBeUndefined();
    expect(again.lastTrigger('dc_a', ['manual'])?.id).toBe('i_40');
    expect(again.event('dc_a', ids[39])?.tid).toBe('i_40');
    await again.close();
  });

  it('under load are journaled a moment after their events, in order: a reopen after that (even without a clean close) has them', async () => {
    const dir = tempDir('kt-');
    const s = store(dir);
    // A burst: more invocations at once than are written with their inputs.
    const burst = Array.from({ length: 30 }, (_, i) => i + 1).map((n) =>
      s.commit('dc_a', { events: [{ ch: '', emit_id: `e${n}`, ev: { n } }], trigger: keptTrigger(`i_${n}`, n === 29 ? 'manual' : 'http', n, request(n)) }),
    );
    await Promise.all(burst);
    // In memory at once, whatever the journal holds yet.
    expect(s.trigger('dc_a', 'i_30')?.input).toEqual(request(30));
    // Once the inputs' line is on disk (a moment later), open again while the first store is
    // still open: what a crash now would leave.
    await waitFor(() => readFileSync(join(dir, 'dc_a.jsonl'), 'utf8').includes('"t":"k"'), 10_000);
    const crashed = store(dir);
    await crashed.openAll();
    expect(crashed.list('dc_a', { channel: '', limit: 10 }).total).toBe(5);
    expect(crashed.trigger('dc_a', 'i_30')?.input).toEqual(request(30));
    expect(crashed.trigger('dc_a', 'i_26')).toMatchObject({ kind: 'http', ts: 26 });
    expect(crashed.trigger('dc_a', 'i_25')).toBeUndefined();
    expect(crashed.lastTrigger('dc_a', ['http'])?.id).toBe('i_30');
    expect(crashed.lastTrigger('dc_a', ['manual'])?.id).toBe('i_29');
    await s.close();
  });

  it('under load are all journaled by a clean close, however soon it comes', async () => {
    const dir = tempDir('kt-');
    const s = store(dir);
    await Promise.all(Array.from({ length: 20 }, (_, i) => s.commit('dc_a', { events: [], trigger: keptTrigger(`i_${i}`, 'http', i, request(i)) })));
    await s.close();
    const again = store(dir);
    await again.openAll();
    expect(again.trigger('dc_a', 'i_19')?.input).toEqual(request(19));
    expect(again.trigger('dc_a', 'i_15')?.input).toEqual(request(15));
    await again.close();
  });

  it('under load are never written once the emitter is dropped, even when the drop comes while their write waits', async () => {
    const dir = tempDir('kt-');
    const s = store(dir);
    const burst = Promise.all(
      Array.from({ length: 20 }, (_, i) => s.commit('dc_a', { events: [{ ch: '', emit_id: `e${i}`, ev: { i } }], trigger: keptTrigger(`i_${i}`, 'http', i, request(i)) })),
    );
    const dropped = s.drop('dc_a');
    await burst;
    await dropped;
    await new Promise((r) => setTimeout(r, 600));
    expect(existsSync(join(dir, 'dc_a.jsonl'))).toBe(false);
    await s.close();
  });

  it('say which was received last by the order they came in, not by their timestamps, through a reopen', async () => {
    const dir = tempDir('kt-');
    const s = store(dir);
    // A timer firing on a clock advanced a day has a later timestamp than a request after it.
    await s.commit('dc_a', { events: [], trigger: keptTrigger('i_timer', 'timer', 1_700_086_400_000, { timestamp: 1_700_086_400 }) });
    await s.commit('dc_a', { events: [], trigger: keptTrigger('i_http', 'http', 1_700_000_000_000, request(1)) });
    expect(s.lastTrigger('dc_a', ['http', 'timer', 'subscription'])?.id).toBe('i_http');
    await s.close();
    const again = store(dir);
    await again.openAll();
    expect(again.lastTrigger('dc_a', ['http', 'timer', 'subscription'])?.id).toBe('i_http');
    expect(again.lastTrigger('dc_a', ['timer'])?.id).toBe('i_timer');
    await again.close();
  });

  it('are deleted with all the events, and not kept over 1 MB', async () => {
    const s = store(tempDir('kt-'));
    await s.commit('dc_a', { events: [], trigger: keptTrigger('i_1', 'http', 1, request(1)) });
    await s.commit('dc_a', { events: [], trigger: keptTrigger('i_2', 'http', 2, 'x'.repeat(MAX_KEPT_INPUT_CHARS)) });
    expect(s.trigger('dc_a', 'i_2')).toEqual({ id: 'i_2', kind: 'http', ts: 2 });
    await s.deleteEvents('dc_a', { channel: 'other' });
    expect(s.trigger('dc_a', 'i_1')).toBeDefined();
    await s.deleteEvents('dc_a', {});
    expect(s.trigger('dc_a', 'i_1')).toBeUndefined();
    await s.close();
  });
});
