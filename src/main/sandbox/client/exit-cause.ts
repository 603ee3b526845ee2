// Why a runner died, in the terms the runtime reports to users.
import type { SerializedError } from '../../domain/invocations';

/** Set by the pool before it kills a runner on purpose. */
export type KillReason = 'timeout' | 'idle' | 'dispose' | 'start-timeout' | 'protocol' | 'leftover' | 'memory';

export interface ExitFacts {
  code: number | null;
  signal: NodeJS.Signals | null;
  killReason?: KillReason;
  /** The runner's own watchdog's stderr line, when it fired. */
  memoryMarker?: string;
  /** The resident size at which the main process's watch killed it (killReason 'memory'). */
  memoryRss?: number;
  /** V8 printed its fatal "heap out of memory" error (it then aborts). */
  heapLimitReached: boolean;
  /** What the runner sent that broke the protocol (killReason 'protocol'). */
  protocolProblem?: string;
  /** The last few KB the runner wrote to stderr. */
  stderrTail: string;
  memoryCapMb: number;
}

const MB = 1024 * 1024;

/** Matches the line V8 prints before aborting on its heap limit (--max-old-space-size). */
export function isHeapLimitLine(line: string): boolean {
  return /heap out of memory|Reached heap limit/i.test(line);
}

function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.length > 0 ? `: ${lines[lines.length - 1].slice(0, 300)}` : '';
}

/** The error a job still running on the dead runner reports (timeouts are built by the pool). */
export function exitError(f: ExitFacts): SerializedError {
  if (f.killReason === 'dispose') return { name: 'RunnerCrashed', message: 'The sandbox was shut down while the component was running' };
  if (f.killReason === 'protocol') {
    return {
      name: 'RunnerProtocolError',
      message: `Runnel: the runner sent a malformed message (${f.protocolProblem ?? 'unknown problem'}); it was stopped and the next run gets a fresh one. Code that writes to the runner's file descriptors causes this.`,
    };
  }
  if (f.killReason === 'memory' || f.memoryMarker) {
    const rss = f.memoryRss ?? Number(/rss=(\d+)/.exec(f.memoryMarker ?? '')?.[1] ?? 0);
    const used = rss ? ` (the runner reached ${Math.round(rss / MB)} MB resident)` : '';
    return { name: 'OutOfMemoryError', message: `The component used more than its ${f.memoryCapMb} MB memory cap${used}` };
  }
  if (f.heapLimitReached) {
    return { name: 'OutOfMemoryError', message: `The component ran out of JavaScript heap (memory cap ${f.memoryCapMb} MB)` };
  }
  // We send SIGKILL only with a killReason; the watchdog and the system's OOM killer use it too.
  if (f.signal === 'SIGKILL' && !f.killReason) {
    return { name: 'OutOfMemoryError', message: `The runner was killed for using too much memory (memory cap ${f.memoryCapMb} MB)` };
  }
  if (f.killReason === 'start-timeout') return { name: 'RunnerCrashed', message: 'The sandbox runner did not start in time' };
  const how = f.signal ? `signal ${f.signal}` : `exit code ${f.code}`;
  return { name: 'RunnerCrashed', message: `The sandbox runner stopped unexpectedly (${how})${lastLine(f.stderrTail)}` };
}
