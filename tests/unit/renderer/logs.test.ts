import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLine, WorkflowRun } from '../../../src/shared/resources';
import { clockTime, extendsLines, formatLine, furtherRun, runLogLines } from '../../../src/renderer/src/features/logs/log-format';
import { createAppStore } from '../../../src/renderer/src/store/index';

const line = (line: string, stream: LogLine['stream'] = 'stdout', ts = 1_700_000_000_123): LogLine => ({ ts, stream, line });
const run = (o: Partial<WorkflowRun>): WorkflowRun => ({
  id: 'r_1',
  workflow_id: 'p_w',
  deployment_id: 'd_1',
  status: 'running',
  exit_reason: null,
  trigger: { event: {}, context: {} },
  steps: [],
  started_at: 1,
  ended_at: null,
  duration_ms: null,
  ...o,
});
const step = (name: string, logs: LogLine[]) => ({ id: 'c_' + name, name, status: 'success' as const, exports: {}, summary: null, logs, duration_ms: 1, error: null });

afterEach(() => vi.unstubAllGlobals());

describe('log lines for the terminal', () => {
  it('prefixes a dim time and colours stderr red and [runnel] notes yellow', () => {
    const t = clockTime(1_700_000_000_123);
    expect(t).toMatch(/^\d\d:\d\d:\d\d\.123$/);
    expect(formatLine(line('hello'))).toBe(`\x1b[2m${t}\x1b[22m hello\n`);
    expect(formatLine(line('boom', 'stderr'))).toBe(`\x1b[2m${t}\x1b[22m \x1b[31mboom\x1b[39m\n`);
    expect(formatLine(line('[runnel] timed out', 'stderr'))).toContain('\x1b[33m[runnel] timed out\x1b[39m');
    expect(formatLine({ ...line('hi'), tag: 'first' })).toContain('\x1b[36m[first]\x1b[39m hi');
  });

  it('knows when a new list only appends lines', () => {
    const a = [line('1'), line('2')];
    expect(extendsLines([], a)).toBe(true);
    expect(extendsLines(a, [...a, line('3')])).toBe(true);
    expect(extendsLines(a, [line('1')])).toBe(false);
    expect(extendsLines(a, [line('1'), line('x')])).toBe(false);
  });

  it("tags a run's lines with their step names, in step order", () => {
    const r = run({ steps: [step('first', [line('a'), line('b', 'stderr')]), step('second', [line('c')])] });
    expect(runLogLines(r).map((l) => `${l.tag}:${l.line}:${l.stream}`)).toEqual(['first:a:stdout', 'first:b:stderr', 'second:c:stdout']);
  });

  it('picks the copy of a run that is further along', () => {
    const early = run({ steps: [step('a', [])] });
    const later = run({ steps: [step('a', []), step('b', [])] });
    const ended = run({ status: 'success', ended_at: 5, steps: [step('a', [])] });
    expect(furtherRun(early, undefined)).toBe(early);
    expect(furtherRun(undefined, later)).toBe(later);
    expect(furtherRun(early, later)).toBe(later);
    expect(furtherRun(later, ended)).toBe(ended);
    expect(furtherRun(early, run({ steps: [step('a', [line('x')])] }))!.steps[0].logs).toHaveLength(1);
  });
});

describe('logs slice', () => {
  it("reads a source's lines and a run, or keeps the API's message", async () => {
    vi.stubGlobal('fetch', async (path: string) => {
      if (path === '/v1/sources/dc_a/logs') return new Response(JSON.stringify({ data: [line('hi')] }));
      if (path === '/v1/workflows/p_w/runs/r_1') return new Response(JSON.stringify({ data: run({}) }));
      if (path.startsWith('/v1/workflows/p_w/runs?')) return new Response(JSON.stringify({ data: [run({})], page_info: {} }));
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such source' } }), { status: 404 });
    });
    const store = createAppStore();
    await store.getState().loadSourceLogs('dc_a');
    expect(store.getState().sourceLogs.dc_a.value).toEqual([line('hi')]);
    await store.getState().loadSourceLogs('dc_b');
    expect(store.getState().sourceLogs.dc_b).toEqual({ error: 'No such source' });
    await store.getState().loadRunLogs('p_w', 'r_1');
    expect(store.getState().runDetails.r_1.value?.id).toBe('r_1');
    await store.getState().loadRecentRuns(['p_w', 'p_gone']);
    expect(store.getState().runs.p_w.map((r) => r.id)).toEqual(['r_1']);
    expect(store.getState().runs.p_gone).toBeUndefined();
  });
});
