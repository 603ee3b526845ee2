// How a dead runner's exit is explained to the user (pure; no processes).
import { describe, expect, it } from 'vitest';
import { exitError, isHeapLimitLine, type ExitFacts } from '../../src/main/sandbox/client/exit-cause';

const base: ExitFacts = { code: null, signal: null, heapLimitReached: false, stderrTail: '', memoryCapMb: 128 };

describe('exitError', () => {
  it('names the watchdog kill, a V8 heap-limit abort and a foreign SIGKILL as OutOfMemoryError', () => {
    expect(exitError({ ...base, signal: 'SIGKILL', memoryMarker: 'RUNNEL_MEMORY_CAP_EXCEEDED rss=209715200 limit=1' })).toEqual({
      name: 'OutOfMemoryError',
      message: 'The component used more than its 128 MB memory cap (the runner reached 200 MB resident)',
    });
    expect(exitError({ ...base, signal: 'SIGABRT', heapLimitReached: true }).name).toBe('OutOfMemoryError');
    expect(exitError({ ...base, signal: 'SIGKILL' }).name).toBe('OutOfMemoryError');
    expect(isHeapLimitLine('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory')).toBe(true);
  });

  it('reports any other death as RunnerCrashed with its last stderr line', () => {
    expect(exitError({ ...base, code: 7, stderrTail: 'first\nboom happened\n' })).toEqual({
      name: 'RunnerCrashed',
      message: 'The sandbox runner stopped unexpectedly (exit code 7): boom happened',
    });
    expect(exitError({ ...base, signal: 'SIGKILL', killReason: 'dispose' }).message).toMatch(/shut down/);
    expect(exitError({ ...base, signal: 'SIGKILL', killReason: 'start-timeout' }).message).toMatch(/did not start/);
  });
});
