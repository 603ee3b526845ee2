// `$.flow` of a workflow step. exit() must end the step at once whether or not the component
// writes `return $.flow.exit()`, so it throws a sentinel that only this step recognises (a
// component cannot forge one to fake an exit of another step). delay(), suspend() and rerun()
// only record a pause request: as on the hosted service, the run pauses at the END of the step
// (the last such call wins), and they return the run's resume and cancel URLs at once.
import type { FlowUrls, PauseRequest } from '../../../domain/invocations';
import { LIMITS } from '../../../../shared/limits';
import { copyOf, kindOf } from './value-checks';

export interface StepFlow {
  /** What the component sees as `$.flow`. */
  readonly api: Readonly<Record<'exit' | 'delay' | 'suspend' | 'rerun', (...args: unknown[]) => unknown>>;
  /** True for a sentinel thrown by this step's exit(). */
  isExit(thrown: unknown): boolean;
  /** The reason of the latest exit() call, if any. */
  exit(): { reason: string } | undefined;
  /** The latest delay/suspend/rerun call, if any. */
  pause(): PauseRequest | undefined;
}

export interface FlowOptions {
  isOpen(): boolean;
  onLateCall(what: string): void;
  /** The URLs a pause returns; absent where nothing can resume a run. */
  urls?: FlowUrls;
}

const YEAR = '31536000000 (1 year)';

/** A pause length in ms: a number from 1 ms to a year (fractions round up). */
function pauseMs(v: unknown, call: string, arg: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > LIMITS.flowMaxPauseMs) {
    throw new TypeError(`Runnel: ${call}: ${arg} must be a number of milliseconds from 1 to ${YEAR}, got ${typeof v === 'number' ? v : kindOf(v)}`);
  }
  return Math.max(1, Math.ceil(v));
}

/** `$.flow` for one step. */
export function makeStepFlow(o: FlowOptions): StepFlow {
  const sentinels = new WeakSet<object>();
  let exit: { reason: string } | undefined;
  let pause: PauseRequest | undefined;

  /** Records a pause (when the step is still running) and returns the URLs. */
  const pauseWith = (call: string, request: () => PauseRequest): FlowUrls | undefined => {
    if (!o.isOpen()) {
      o.onLateCall(`$.flow.${call}()`);
      return undefined;
    }
    if (!o.urls) throw new Error(`Runnel: $.flow.${call}() pauses a workflow run; it works in a workflow deployed on the Runnel service, not here`);
    pause = request();
    return { ...o.urls };
  };

  const api = Object.freeze({
    exit(reason?: unknown): never | undefined {
      if (!o.isOpen()) {
        o.onLateCall('$.flow.exit()');
        return undefined;
      }
      // Recorded before throwing: a component that catches the sentinel by accident (a broad
      // try/catch) still asked for the workflow to end.
      exit = { reason: String(reason ?? '') };
      const sentinel = new Error('$.flow.exit() ended the step (this error is how it stops the code; do not catch it)');
      sentinel.name = 'FlowExit';
      sentinels.add(sentinel);
      throw sentinel;
    },
    delay: (ms?: unknown) => pauseWith('delay', () => ({ kind: 'delay', ms: pauseMs(ms, '$.flow.delay(ms)', 'ms') })),
    suspend: (timeoutMs?: unknown) =>
      pauseWith('suspend', () => ({
        kind: 'suspend',
        ms: timeoutMs === undefined || timeoutMs === null ? LIMITS.flowSuspendDefaultMs : pauseMs(timeoutMs, '$.flow.suspend(timeoutMs)', 'timeoutMs'),
      })),
    rerun: (delayMs?: unknown, context?: unknown, maxRetries?: unknown) =>
      pauseWith('rerun', () => {
        const ms = pauseMs(delayMs, '$.flow.rerun(delayMs, context, maxRetries)', 'delayMs');
        const max = maxRetries === undefined || maxRetries === null ? 10 : maxRetries;
        if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > LIMITS.flowMaxRetries) {
          throw new TypeError(`Runnel: $.flow.rerun(delayMs, context, maxRetries): maxRetries must be a whole number from 0 to ${LIMITS.flowMaxRetries}, got ${typeof max === 'number' ? max : kindOf(max)}`);
        }
        const copy = context === undefined ? null : copyOf(context, 'Runnel: $.flow.rerun(delayMs, context): the context');
        if (Buffer.byteLength(JSON.stringify(copy)) > LIMITS.flowRerunContextBytes) {
          throw new TypeError(`Runnel: $.flow.rerun(delayMs, context): the context is over ${LIMITS.flowRerunContextBytes / 1024} KB as JSON; keep large data in a data store and pass its key`);
        }
        return { kind: 'rerun', ms, context: copy, maxRetries: max };
      }),
  });
  return {
    api,
    isExit: (thrown) => typeof thrown === 'object' && thrown !== null && sentinels.has(thrown),
    exit: () => exit,
    pause: () => pause,
  };
}
