// The kinds of work the pool runs on a runner (invoke, inspect, configure), each turning runner
// messages (or the runner's death) into what its caller awaits.
import type { ComponentMeta } from '../../domain/components';
import type { ConfigureCall, ConfigureResult } from '../../domain/sandbox';
import type { InterfaceValue, InvokeCallbacks, InvokeOutcome, InvokeRequest, SerializedError } from '../../domain/invocations';
import type { ItemReport, ParentMessage, RunnerMessage } from '../protocol';
import { dataStoreIdsOf } from './data-store-calls';
import { ProtocolViolation } from './validate/checks';

export interface Job {
  id: number;
  kind: 'invoke' | 'inspect' | 'configure';
  /** An invocation of a workflow step: its outcome may carry a step result. */
  isStep: boolean;
  message: ParentMessage;
  /** `instanceId\ncodeHash` of an invocation: a runner that has it cached is preferred. */
  cacheKey?: string;
  /** The instance an invocation runs. */
  instanceId?: string;
  timeoutMs: number;
  /** The data stores an invocation may use (its `data_store` props). */
  dataStores?: ReadonlySet<string>;
  /** Handles a message for this job; true when the job is complete. */
  onMessage(msg: RunnerMessage): boolean;
  /** The runner died (or the pool shut down) before the job completed. */
  fail(error: SerializedError): void;
  /** A line for the log of a job that has ended (an invocation's stderr), if it has one. */
  lateLog?(line: string): void;
  /** What the pool keeps of the job once it has ended (see EndedJob). */
  ended(): EndedJob;
}

/**
 * What is kept of a job that has ended, so that output of its leftover work (a timer that fires
 * after `run` returned) still reaches its log: the log and respond routes only. It holds neither
 * the request nor its batch of events, nor what the caller built around them: the pool keeps
 * the last 100 of these per runner, and under load a kept batch survived into the old
 * generation for every batch that ran.
 */
export interface EndedJob {
  id: number;
  /** Hands on a `log` or `respond` message of the job (one its leftover work sent after it ended, too). */
  deliver(msg: RunnerMessage): void;
  /** A line for the ended job's log, if it has one. */
  lateLog?(line: string): void;
}

/** An ended job that keeps no output (inspect, configure: their console output is not kept). */
const endedQuietly = (id: number): EndedJob => ({ id, deliver() {} });

/** The message types a runner may send for a job of each kind (besides `ds`, routed apart). */
const ACCEPTED: Record<Job['kind'], ReadonlySet<RunnerMessage['type']>> = {
  invoke: new Set(['log', 'respond', 'items', 'result']),
  inspect: new Set(['log', 'inspected']),
  configure: new Set(['log', 'configured']),
};

/** Whether a runner may send a message of `type` for `job`. */
export function accepts(job: Job, type: RunnerMessage['type']): boolean {
  return ACCEPTED[job.kind].has(type);
}

export const cacheKeyOf = (instanceId: string, codeHash: string) => `${instanceId}\n${codeHash}`;

/** "12 s", "0.3 s": how long a deadline was, as users read it. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function safely(logError: (msg: string, err: unknown) => void, fn: () => void): void {
  try {
    fn();
  } catch (err) {
    // A caller's callback throwing must not break the pool's bookkeeping.
    logError('sandbox callback failed', err);
  }
}

/** A job for `invoke`: resolves with the outcome, never rejects. */
export function invokeJob(
  id: number,
  request: InvokeRequest,
  callbacks: InvokeCallbacks,
  resolve: (o: InvokeOutcome) => void,
  logError: (msg: string, err: unknown) => void,
): Job {
  let completed = 0;
  // No closure below refers to `request` or `callbacks` as a whole: what the job keeps once it
  // has ended (invokeOutput) must not keep them alive.
  const batched = request.batch !== undefined;
  const reportEach = request.reportEach === true;
  const { onLog, onRespond, onItem } = callbacks;
  // Whether the runner has said that the invocation after the `completed` ones is under way
  // with nothing held back (see host/invoke/batch-reports.ts).
  let blameKnown = !batched || reportEach;
  const batchLength = request.batch && !(request.step !== undefined && request.method === 'run') ? request.batch.length : 0;
  // Where its log and respond messages go: the same while it runs and once it has ended.
  const output = invokeOutput(id, batchLength, onLog, onRespond, logError);
  const items = (reports: ItemReport[]) => {
    // All checked before any is handed on: a bad report must not leave a part committed.
    reports.forEach((r, i) => {
      if (r.index !== completed + i || r.index >= batchLength) {
        throw new ProtocolViolation(`a report for invocation ${r.index} of a batch of ${batchLength} when ${completed + i} was next`);
      }
    });
    for (const { index, ...outcome } of reports) {
      completed++;
      safely(logError, () => onItem?.(index, outcome));
    }
  };
  return {
    id,
    kind: 'invoke',
    isStep: request.step !== undefined && request.method === 'run',
    message: { type: 'invoke', id, request },
    cacheKey: cacheKeyOf(request.instanceId, request.codeHash),
    instanceId: request.instanceId,
    timeoutMs: request.timeoutMs,
    dataStores: dataStoreIdsOf(request.interfaces),
    onMessage(msg) {
      if (msg.type === 'log' || msg.type === 'respond') output.deliver(msg);
      else if (msg.type === 'items') {
        items(msg.items);
        blameKnown = reportEach || msg.running === completed;
      } else if (msg.type === 'result') {
        if (msg.items) items(msg.items);
        resolve({
          ok: msg.ok,
          ...(msg.error ? { error: msg.error } : {}),
          emits: msg.emits,
          db: msg.db,
          ...(msg.value !== undefined ? { value: msg.value } : {}),
          ...(msg.step ? { step: msg.step } : {}),
          killed: false,
          ...(batched ? { completed } : {}),
        });
        return true;
      }
      return false;
    },
    lateLog: output.lateLog,
    ended: () => output,
    fail(error) {
      const batch = batched ? { completed, ...(blameKnown ? {} : { blameUnknown: true }) } : {};
      resolve({ ok: false, killed: true, error, emits: [], db: { set: {}, del: [] }, ...batch });
    },
  };
}

/**
 * An invocation's log and respond routes, in a scope of their own (the routes it is given,
 * nothing else): what the pool keeps once the invocation has ended. A response for an
 * invocation outside the batch is refused.
 */
function invokeOutput(
  id: number,
  batchLength: number,
  onLog: InvokeCallbacks['onLog'],
  onRespond: InvokeCallbacks['onRespond'],
  logError: (msg: string, err: unknown) => void,
): EndedJob & { lateLog(line: string): void } {
  return {
    id,
    deliver(msg) {
      if (msg.type === 'log') safely(logError, () => onLog?.(msg.stream, msg.line, msg.ts));
      else if (msg.type === 'respond') {
        if (msg.index !== undefined && msg.index >= batchLength) throw new ProtocolViolation(`a response for invocation ${msg.index} of a batch of ${batchLength}`);
        safely(logError, () => onRespond?.(msg.response, msg.index));
      }
    },
    lateLog(line) {
      safely(logError, () => onLog?.('stderr', line, Date.now()));
    },
  };
}

function toError(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}

export const INSPECT_TIMEOUT_MS = 10_000;

/** A job for `inspect`: resolves with the meta or rejects with the module's error. */
export function inspectJob(
  id: number,
  code: string,
  codeHash: string,
  timeoutMs: number,
  resolve: (m: ComponentMeta) => void,
  reject: (e: Error) => void,
): Job {
  return {
    id,
    kind: 'inspect',
    isStep: false,
    message: { type: 'inspect', id, code, codeHash },
    timeoutMs,
    onMessage(msg) {
      if (msg.type !== 'inspected') return false; // module-level console output is not kept
      if (msg.ok) resolve(msg.meta);
      else reject(toError(msg.error));
      return true;
    },
    ended: () => endedQuietly(id),
    fail(error) {
      reject(toError(error));
    },
  };
}

export const CONFIGURE_TIMEOUT_MS = 10_000;

/** A job for `configure`: resolves with the call's result or rejects with the component's error. */
export function configureJob(
  id: number,
  code: string,
  codeHash: string,
  call: ConfigureCall,
  props: Record<string, unknown>,
  timeoutMs: number,
  resolve: (r: ConfigureResult) => void,
  reject: (e: Error) => void,
  interfaces?: Record<string, InterfaceValue>,
): Job {
  return {
    id,
    kind: 'configure',
    isStep: false,
    message: { type: 'configure', id, code, codeHash, call, props, ...(interfaces ? { interfaces } : {}) },
    timeoutMs,
    dataStores: dataStoreIdsOf(interfaces ?? {}),
    onMessage(msg) {
      if (msg.type !== 'configured') return false; // console output of configuration code is not kept
      if (msg.ok) resolve(msg.result);
      else reject(toError(msg.error));
      return true;
    },
    ended: () => endedQuietly(id),
    fail(error) {
      reject(toError(error));
    },
  };
}

export function timeoutError(job: Job): SerializedError {
  return { name: 'TimeoutError', message: `${jobWhat(job)} timed out after ${seconds(job.timeoutMs)}` };
}

/** What a job was doing, as the start of a sentence. */
function jobWhat(job: Job): string {
  const m = job.message;
  if (m.type === 'inspect') return 'Loading the component';
  if (m.type !== 'configure') return 'The invocation';
  if (m.call.kind === 'expressions') return 'Evaluating the step\'s {{ }} props';
  return m.call.kind === 'options' ? `options() of prop "${m.call.prop}"` : 'additionalProps()';
}

export function shutdownError(): SerializedError {
  return { name: 'RunnerCrashed', message: 'The sandbox is shut down' };
}
