// The one place an invoke request is built: a source's run (alone or as a batch) or hook, a
// workflow step, and runnel/testing's invocations all go through invokeRequest.
import type { InvokeMethod, InvokeRequest, InterfaceValue, StepContext } from '../../domain/invocations';

/** What runs: the compiled component as one instance, with its scratch folder and deadline. */
export interface InvocationUnit {
  code: string;
  codeHash: string;
  /** A source id, a workflow step id, or runnel/testing's own. */
  instanceId: string;
  scratchDir: string;
  timeoutMs: number;
  /** The project's environment variables. */
  env?: Record<string, string>;
}

/** What the component sees: `this.<prop>` values, interface props, and `$.service.db`. */
export interface InvocationValues {
  props: Record<string, unknown>;
  interfaces: Record<string, InterfaceValue>;
  db: Record<string, unknown>;
}

/** What it is run with: an event (or none, for hooks), a batch of events, or a step's context. */
export type InvocationInput = { event?: unknown } | { batch: unknown[]; reportEach?: boolean } | { step: StepContext };

export function invokeRequest(unit: InvocationUnit, method: InvokeMethod, values: InvocationValues, input: InvocationInput): InvokeRequest {
  return {
    codeHash: unit.codeHash,
    code: unit.code,
    instanceId: unit.instanceId,
    method,
    props: values.props,
    interfaces: values.interfaces,
    db: values.db,
    ...(unit.env && Object.keys(unit.env).length ? { env: unit.env } : {}),
    ...input,
    scratchDir: unit.scratchDir,
    timeoutMs: unit.timeoutMs,
  };
}
