// One `inspect` message: evaluate the code in a throwaway compartment and describe it.
import type { Send } from '../channel';
import { budgetedLog } from '../log-budget';
import { serializeError } from '../serialize-error';
import { describeComponent } from './describe-component';
import { loadComponent, type LoadedComponent } from './load-component';

/** Handles one `inspect` message and sends its `inspected` answer. */
export function inspectComponent(id: number, code: string, send: Send): void {
  let loaded: LoadedComponent | undefined;
  try {
    loaded = loadComponent({
      code,
      instanceId: '',
      scratchDir: undefined,
      sink: budgetedLog(send, () => id),
    });
    send({ type: 'inspected', id, ok: true, meta: describeComponent(loaded.component) });
  } catch (err) {
    send({ type: 'inspected', id, ok: false, error: serializeError(err) });
  } finally {
    // Timers the module started at load time must not outlive the inspection.
    loaded?.dispose();
  }
}
