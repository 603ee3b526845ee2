// One `configure` message: evaluate the code in a throwaway compartment as inspect does, call a
// configuration-time method (a prop's async options, additionalProps) on a `this` holding the
// configured values and the component's methods, and answer with its checked result or with
// the component's error as thrown (a ConfigurationError keeps its name).
import type { ConfigureResult } from '../../../domain/sandbox';
import type { ParentMessage } from '../../protocol';
import type { Send } from '../channel';
import type { DataStoreClient } from '../data-store-client';
import { makeDataStore } from '../invoke/data-store';
import { loadComponent, type LoadedComponent } from '../component/load-component';
import { configuredInstance } from '../invoke/instance';
import { budgetedLog } from '../log-budget';
import { serializeError } from '../serialize-error';
import { additionalProps } from './additional-props';
import { propOptions } from './prop-options';
import { evaluateExpressions } from './evaluate-expressions';

export type ConfigureMessage = Extract<ParentMessage, { type: 'configure' }>;

/** Handles one `configure` message and sends its `configured` answer. */
export async function configureComponent(msg: ConfigureMessage, send: Send, dataStores?: DataStoreClient): Promise<void> {
  let loaded: LoadedComponent | undefined;
  let open = true;
  try {
    if (msg.call.kind === 'expressions') {
      // No component: a step's prop expressions over the run's steps.
      send({ type: 'configured', id: msg.id, ok: true, result: evaluateExpressions(msg.call) });
      return;
    }
    loaded = loadComponent({
      code: msg.code,
      instanceId: '',
      // No scratch folder: fs is refused, as for inspect.
      scratchDir: undefined,
      sink: budgetedLog(send, () => msg.id),
    });
    const comp = loaded.component;
    // No $emit, db or http interface: nothing is running yet, only being configured. Data
    // stores are live (an `options({ dataStore })` may list its keys).
    const self = configuredInstance(comp, msg.props);
    for (const [name, v] of Object.entries(msg.interfaces ?? {})) {
      if (v.kind === 'data_store' && dataStores) self[name] = makeDataStore({ prop: name, storeId: v.id, isOpen: () => open, call: (r) => dataStores.call(msg.id, r) });
    }
    let result: ConfigureResult;
    if (msg.call.kind === 'options') result = await propOptions(comp, self, msg.call);
    else if (msg.call.kind === 'additionalProps') result = await additionalProps(comp, self, msg.call.previousPropDefs);
    else throw new TypeError(`Unknown configure call ${JSON.stringify((msg.call as { kind?: unknown }).kind)}`);
    send({ type: 'configured', id: msg.id, ok: true, result });
  } catch (err) {
    send({ type: 'configured', id: msg.id, ok: false, error: serializeError(err) });
  } finally {
    open = false;
    // Timers and sockets the module or the call started must not outlive the call.
    loaded?.dispose();
  }
}
