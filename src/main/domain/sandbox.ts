// The sandbox as the engine uses it (a port): the runner pool implements it, tests fake it.
import type { ComponentMeta, PropDescriptor } from './components';
import type { InterfaceValue, InvokeCallbacks, InvokeOutcome, InvokeRequest } from './invocations';

/** A configuration-time call on a component (no invocation, no interfaces, no db). */
export type ConfigureCall =
  /** `props.<prop>.options({ page, prevContext, query })`. */
  | { kind: 'options'; prop: string; page: number; prevContext?: unknown; query?: string }
  /** `additionalProps(previousPropDefs)`. */
  | { kind: 'additionalProps'; previousPropDefs: PropDescriptor[] }
  /**
   * A workflow step's `{{ … }}` props that are JavaScript rather than paths, evaluated in a fresh
   * compartment over `steps` and `process.env` (no component code: `code` is empty).
   */
  | { kind: 'expressions'; expressions: string[]; steps: Record<string, unknown>; env: Record<string, string> };

export type ConfigureResult =
  /** Options normalised: an array answer becomes `{ options, context: null }`. */
  | { kind: 'options'; options: unknown[]; context: unknown }
  /** The props `additionalProps` returned, described like `inspect` describes props. */
  | { kind: 'additionalProps'; props: PropDescriptor[] }
  /** Each expression's value, in order, as JSON (`{}` when it was undefined). */
  | { kind: 'expressions'; values: { value?: unknown }[] };

/** The sandbox as the runtime uses it. */
export interface Sandbox {
  /** Evaluates a component in a throwaway compartment and describes it; rejects on a bad module. */
  inspect(code: string, codeHash: string): Promise<ComponentMeta>;
  invoke(request: InvokeRequest, callbacks?: InvokeCallbacks): Promise<InvokeOutcome>;
  /**
   * Runs a configuration-time method (async options, additionalProps) in a throwaway
   * compartment; rejects with the component's error (a `ConfigurationError` keeps its name).
   */
  configure(code: string, codeHash: string, call: ConfigureCall, props: Record<string, unknown>, interfaces?: Record<string, InterfaceValue>): Promise<ConfigureResult>;
  /** Stops idle runners now (they start again when needed). */
  reapIdle?(): void;
  /** Drops cached compartments of an instance (after update/delete). */
  forget(instanceId: string): void;
  dispose(): Promise<void>;
}
