// Typed messages between the main process (sandbox client) and a runner child process
// (sandbox host): the wire format only; what they carry is domain data (src/main/domain/).
// Everything here crosses a process boundary with structured clone, so it holds data only: no
// functions, no class instances.
import { LIMITS } from '../../shared/limits';
import type { DataStoreRequest } from './data-store-protocol';
import type { ComponentMeta } from '../domain/components';
import type { HttpResponseSpec, InterfaceValue, InvokeRequest, LogStream, OutcomeFields, SerializedError } from '../domain/invocations';
import type { ConfigureCall, ConfigureResult } from '../domain/sandbox';

export type ParentMessage =
  | { type: 'invoke'; id: number; request: InvokeRequest }
  | { type: 'inspect'; id: number; code: string; codeHash: string }
  | {
      type: 'configure';
      id: number;
      code: string;
      codeHash: string;
      call: ConfigureCall;
      /** Configured user-input values, seen as `this.<prop>` (app props as `{ $auth }`; `$auth` null: no account connected). */
      props: Record<string, unknown>;
      /** `data_store` props, live during the call (`options({ dataStore })` may list its keys). */
      interfaces?: Record<string, InterfaceValue>;
    }
  | { type: 'forget'; instanceId: string }
  | DataStoreResult;

/** The answer to a runner's `ds` message, once the operation has been committed. */
export type DataStoreResult = { type: 'ds-result'; call: number } & ({ ok: true; value: unknown } | { ok: false; error: SerializedError });

/** A log line's longest form on the channel: the runner cuts longer ones and says how much it cut. */
export const MAX_LOG_LINE_CHARS = LIMITS.logLineChars;

export type RunnerMessage =
  | { type: 'ready'; baselineRss: number }
  | { type: 'log'; id: number; stream: LogStream; line: string; ts: number }
  | { type: 'respond'; id: number; response: HttpResponseSpec; /** batch index */ index?: number }
  /**
   * Finished invocations of a batch, in order. `running`: the invocation of that index is
   * under way and nothing that finished before it is held back (see host/invoke/batch-reports.ts).
   */
  | { type: 'items'; id: number; items: ItemReport[]; running?: number }
  /** `items`: a batch's last finished invocations, reported with its result. */
  | ({ type: 'result'; id: number; items?: ItemReport[] } & OutcomeFields)
  | { type: 'configured'; id: number; ok: true; result: ConfigureResult }
  | { type: 'configured'; id: number; ok: false; error: SerializedError }
  | { type: 'inspected'; id: number; ok: true; meta: ComponentMeta }
  | { type: 'inspected'; id: number; ok: false; error: SerializedError }
  /** A data store operation of invocation `id`; `call` numbers it for its `ds-result`. */
  | { type: 'ds'; id: number; call: number; request: DataStoreRequest }
  /**
   * Job `id` has ended and the runner's event loop has turned since: nothing it left behind is
   * still running. Until then the pool gives the runner no other instance's job.
   */
  | { type: 'idle'; id: number };

/** One finished invocation of a batch. */
export type ItemReport = { index: number } & OutcomeFields;
