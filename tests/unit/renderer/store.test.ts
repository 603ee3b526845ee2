import { describe, expect, it } from 'vitest';
import type { SseEmitFrame, WorkflowRun } from '../../../src/shared/resources';
import { logBus } from '../../../src/renderer/src/api/log-bus';
import { dispatchFrame } from '../../../src/renderer/src/store/feed-dispatch';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { perMinute, relativeTime, shortId } from '../../../src/renderer/src/ui/format';

const frame = (id: string, ts: number, name = ''): SseEmitFrame => ({
  k: 'emit',
  id,
  ts,
  e: { id },
  sum: null,
  name,
  metadata: { emitter_id: 'dc_a', emit_id: id, name, summary: null } as never,
});

const run = (id: string, status: WorkflowRun['status']): WorkflowRun => ({
  id,
  workflow_id: 'p_w',
  deployment_id: 'd_1',
  status,
  exit_reason: null,
  trigger: { event: {}, context: {} },
  steps: [],
  started_at: 1,
  ended_at: null,
  duration_ms: null,
});

describe('the renderer store', () => {
  it('keeps live events newest first, once each, and merges a loaded page under newer live rows', () => {
    const store = createAppStore();
    dispatchFrame(store, { type: 'emit', emitter_id: 'dc_a', frame: frame('2-0', 2) });
    dispatchFrame(store, { type: 'emit', emitter_id: 'dc_a', frame: frame('3-0', 3) });
    dispatchFrame(store, { type: 'emit', emitter_id: 'dc_a', frame: frame('3-0', 3) });
    expect(store.getState().liveEvents.dc_a.map((f) => f.id)).toEqual(['3-0', '2-0']);
    store.getState().setEvents('dc_a', [frame('2-0', 2), frame('1-0', 1)]);
    expect(store.getState().liveEvents.dc_a.map((f) => f.id)).toEqual(['3-0', '2-0', '1-0']);
  });

  it('updates a source’s last event time from its emit frames', () => {
    const store = createAppStore();
    store.setState({ sources: [{ id: 'dc_a', last_event_at: null } as never, { id: 'dc_b', last_event_at: 5 } as never] });
    dispatchFrame(store, { type: 'emit', emitter_id: 'dc_a', frame: frame('9-0', 9000) });
    expect(store.getState().sources.map((s) => s.last_event_at)).toEqual([9000, 5]);
  });

  it('replaces a run in place as it moves and keeps new runs first', () => {
    const store = createAppStore();
    dispatchFrame(store, { type: 'run', workflow_id: 'p_w', run: run('r_1', 'running') });
    dispatchFrame(store, { type: 'run', workflow_id: 'p_w', run: run('r_2', 'running') });
    dispatchFrame(store, { type: 'run', workflow_id: 'p_w', run: run('r_1', 'success') });
    expect(store.getState().runs.p_w.map((r) => [r.id, r.status])).toEqual([
      ['r_2', 'running'],
      ['r_1', 'success'],
    ]);
  });

  it('sends log lines to terminals without touching state, and keeps the last 20 activity lines', () => {
    const store = createAppStore();
    const before = store.getState();
    const got: string[] = [];
    const off = logBus.subscribe('dc_a', (l) => got.push(l.line));
    dispatchFrame(store, { type: 'log', source_id: 'dc_a', line: { ts: 1, stream: 'stdout', line: 'hello' } });
    dispatchFrame(store, { type: 'log', source_id: 'dc_b', line: { ts: 1, stream: 'stdout', line: 'other' } });
    off();
    dispatchFrame(store, { type: 'log', source_id: 'dc_a', line: { ts: 1, stream: 'stdout', line: 'after' } });
    expect(got).toEqual(['hello']);
    expect(store.getState()).toBe(before);
    for (let i = 0; i < 25; i++) dispatchFrame(store, { type: 'activity', ts: i, line: `line ${i}` });
    expect(store.getState().activity.map((a) => a.line)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 5}`));
  });
});

describe('display formats', () => {
  it('shortens ids in the middle and keeps short ones whole', () => {
    expect(shortId('dc_3kfAbCdEfG9Qx')).toMatch(/^dc_3kfA…G9Qx$/);
    expect(shortId('p_abc')).toBe('p_abc');
  });

  it('says times relative to now', () => {
    expect(relativeTime(1_000, 3_000)).toBe('just now');
    expect(relativeTime(0, 12_000)).toBe('12 s ago');
    expect(relativeTime(0, 180_000)).toBe('3 min ago');
    expect(relativeTime(0, 7_200_000)).toBe('2 h ago');
  });

  it('counts events per minute over the last hour, oldest first', () => {
    const now = 3_600_000;
    const counts = perMinute([now - 1_000, now - 2_000, now - 61_000, now - 3_600_001], now);
    expect(counts).toHaveLength(60);
    expect(counts[59]).toBe(2);
    expect(counts[58]).toBe(1);
    expect(counts.reduce((a, b) => a + b)).toBe(3);
  });
});
