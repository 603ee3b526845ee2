// The main-process end of a runner's data store requests: an operation is carried out only for
// the invocation the runner is running now, and only on a store its props were configured with
// (the runner cannot name any other), then answered with a `ds-result` message.
import type { DataStoreHandler } from '../data-store-protocol';
import type { DataStoreResult, RunnerMessage } from '../protocol';
import type { InterfaceValue, SerializedError } from '../../domain/invocations';

type DsMessage = Extract<RunnerMessage, { type: 'ds' }>;

/** The store ids an invocation may use: those its interfaces name. */
export function dataStoreIdsOf(interfaces: Record<string, InterfaceValue>): ReadonlySet<string> {
  return new Set(Object.values(interfaces).flatMap((v) => (v.kind === 'data_store' ? [v.id] : [])));
}

/**
 * Handles one `ds` message. `current` is the job the runner is running (its id and the stores it
 * may use), if any; `reply` sends the answer to the runner (dropped when the runner is gone).
 */
export function routeDataStoreCall(
  handler: DataStoreHandler | undefined,
  current: { id: number; dataStores?: ReadonlySet<string> } | undefined,
  msg: DsMessage,
  reply: (answer: DataStoreResult) => void,
): void {
  const fail = (error: SerializedError) => reply({ type: 'ds-result', call: msg.call, ok: false, error });
  const store = msg.request.store;
  if (!handler) return fail({ name: 'Error', message: 'Data stores are not available here' });
  if (!current || current.id !== msg.id) {
    return fail({ name: 'Error', message: `data store ${store}: ${msg.request.op}() was called after the invocation ended; data store calls must finish before run() returns` });
  }
  if (!current.dataStores?.has(store)) return fail({ name: 'Error', message: `data store ${store} is not configured for this component` });
  handler.call(msg.request).then(
    (value) => reply({ type: 'ds-result', call: msg.call, ok: true, value }),
    (err: unknown) => fail(readable(err)),
  );
}

/** An operation's failure as the component will see it (a RangeError for size limits). */
function readable(err: unknown): SerializedError {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return { name: e?.code === 'payload_too_large' ? 'RangeError' : 'Error', message };
}
