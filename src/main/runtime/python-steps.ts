// Python steps (`runtime: "python3.12"`, `def handler(pd)`): saved as an inline component whose
// code is kept as written, and props taken from the step's configured values as the hosted
// service's synced projects write them (`__configurableProps` declares typed ones, such as a
// data store; every other configured value is a plain input, `pd.inputs[name]`).
import { createHash } from 'node:crypto';
import { RunnelError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { PYTHON_RUNTIME } from '../../shared/api';
import type { PropDescriptor } from '../domain/components';
import type { ComponentDoc } from '../store/document-types';

/** The configured value that declares a Python step's typed props (hosted: a list of `{ name, type, … }`). */
export const CONFIGURABLE_PROPS = '__configurableProps';

/** A new inline component for Python `code`. */
export function pythonStepDoc(code: string, stepName: string, now: number): ComponentDoc {
  const hash = createHash('sha256').update(`${PYTHON_RUNTIME}\n${code}`).digest('hex');
  return {
    ...{ id: newId('sc'), code, code_hash: hash, compiled: code, name: stepName, key: null, version: '0.0.0', description: null },
    ...{ type: 'action', dedupe: null, props: [], hooks: [], has_run: true, inline: true, runtime: PYTHON_RUNTIME, created_at: now, updated_at: now },
  };
}

/** A Python step's props from its configured values: the declared ones, then one plain input per other value. */
export function pythonStepProps(configured: Record<string, unknown>, stepName: string): PropDescriptor[] {
  const declared = configured[CONFIGURABLE_PROPS] ?? [];
  if (!Array.isArray(declared)) throw new RunnelError('invalid_props', `Step "${stepName}": ${CONFIGURABLE_PROPS} must be a list of props such as {"name": "data_store", "type": "data_store"}`);
  const props = new Map<string, PropDescriptor>();
  for (const d of declared as unknown[]) {
    const p = d as { name?: unknown; type?: unknown };
    if (!p || typeof p.name !== 'string' || !p.name || typeof p.type !== 'string') {
      throw new RunnelError('invalid_props', `Step "${stepName}": each of ${CONFIGURABLE_PROPS} needs a name and a type`);
    }
    props.set(p.name, { ...(d as PropDescriptor), optional: true });
  }
  for (const name of Object.keys(configured)) {
    if (name !== CONFIGURABLE_PROPS && !props.has(name)) props.set(name, { name, type: 'any', optional: true } as PropDescriptor);
  }
  return [...props.values()];
}
