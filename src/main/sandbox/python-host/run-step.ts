// One Python step in the Python runner: reads its data stores (Python's calls are synchronous,
// the main process answers asynchronously, so each store is read whole before the handler runs),
// runs `def handler(pd)` in the workflow's interpreter, writes the store changes back in call
// order, answers the HTTP trigger if the handler called pd.respond, and sends the step's result.
import type { InvokeRequest, HttpResponseSpec, SerializedError } from '../../domain/invocations';
import type { DataStoreRequest } from '../data-store-protocol';
import type { Send } from '../host/channel';
import type { DataStoreClient } from '../host/data-store-client';
import type { Interpreters } from './interpreter';

interface PyOutcome {
  ok: boolean;
  value?: unknown;
  error?: SerializedError;
  exports: Record<string, unknown>;
  summary: string | null;
  exit: { reason: string } | null;
  respond: HttpResponseSpec | null;
  journal: DataStoreRequest[];
}

export interface StepDeps {
  interpreters: Interpreters;
  dataStores: DataStoreClient;
  send: Send;
}

function errorOf(err: unknown): SerializedError {
  const e = err as { name?: unknown; message?: unknown; stack?: unknown };
  return { name: typeof e?.name === 'string' ? e.name : 'Error', message: typeof e?.message === 'string' ? e.message : String(err), ...(typeof e?.stack === 'string' ? { stack: e.stack } : {}) };
}

/** Runs invocation `id` (a Python workflow step) and sends its `result`. */
export async function runPythonStep(id: number, request: InvokeRequest, deps: StepDeps): Promise<void> {
  const empty = { emits: [], db: { set: {}, del: [] } };
  const finish = (fields: { ok: boolean; value?: unknown; error?: SerializedError }, step?: Partial<PyOutcome>) =>
    deps.send({
      type: 'result',
      id,
      ...empty,
      ...fields,
      step: {
        exports: step?.exports ?? {},
        ...(typeof step?.summary === 'string' ? { summary: step.summary } : {}),
        ...(step?.exit ? { exit: step.exit } : {}),
        sends: [],
        responded: !!step?.respond,
      },
    });
  if (!request.step) return finish({ ok: false, error: { name: 'Error', message: 'Runnel: Python code runs only as a workflow step' } });
  let outcome: PyOutcome;
  let owner = '';
  try {
    const stores: Record<string, { id: string; records: [string, unknown][] }> = {};
    for (const [prop, iface] of Object.entries(request.interfaces)) {
      if (iface.kind !== 'data_store') continue;
      const records = (await deps.dataStores.call(id, { store: iface.id, op: 'entries' })) as [string, unknown][];
      stores[prop] = { id: iface.id, records };
    }
    owner = String(request.step.context.workflow_id ?? request.instanceId);
    const py = await deps.interpreters.for(owner);
    const input = JSON.stringify({ code: request.code, props: request.props, stores, env: request.env ?? {}, steps: request.step.steps, canRespond: request.step.canRespond });
    try {
      outcome = JSON.parse(py.run(input)) as PyOutcome;
    } catch (err) {
      // Only a fault of the interpreter itself gets here (the prelude catches what the code
      // raises): it is not used again.
      deps.interpreters.discard(owner);
      throw err;
    }
  } catch (err) {
    return finish({ ok: false, error: errorOf(err) });
  }
  if (outcome.respond) deps.send({ type: 'respond', id, response: outcome.respond });
  let error = outcome.error;
  for (const op of outcome.journal) {
    try {
      await deps.dataStores.call(id, op);
    } catch (err) {
      error ??= { name: 'Error', message: `Runnel: ${op.op} of key ${'key' in op ? JSON.stringify(op.key) : ''} in data store ${op.store} failed: ${(err as Error).message}` };
      break;
    }
  }
  finish(error ? { ok: false, error } : { ok: true, ...(outcome.value !== undefined ? { value: outcome.value } : {}) }, outcome);
}
