// One invocation of a component, as the engine sees it: the request, what it emitted and changed,
// its outcome, and what a workflow step produced. Plain data (it also crosses to the runner).

/** One `this.$emit(event, meta)` call, as recorded by the runner. */
export interface EmitRecord {
  event: unknown;
  id?: string | number;
  name?: string;
  summary?: string;
  ts?: number;
}

/** `this.<httpProp>.respond(...)` arguments, already validated by the runner. */
export interface HttpResponseSpec {
  status: number;
  headers?: Record<string, string>;
  /** Strings and objects as given; a Buffer/Uint8Array arrives as a Uint8Array. */
  body?: unknown;
}

export interface DbChanges {
  set: Record<string, unknown>;
  del: string[];
}

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type HookName = 'deploy' | 'activate' | 'deactivate';
export type InvokeMethod = 'run' | HookName;

/** Values the component sees on `this` for its interface props. */
export type InterfaceValue =
  | { kind: 'http'; endpoint: string; customResponse: boolean }
  | { kind: 'timer'; value: Record<string, unknown> }
  | { kind: 'db' }
  /** A `data_store` prop: the store's operations go to the main process (data-store-protocol.ts). */
  | { kind: 'data_store'; id: string };

export interface InvokeRequest {
  /** Content hash of the compiled code; the runner caches compartments by (instanceId, hash). */
  codeHash: string;
  /** CommonJS code produced by the compiler (see runtime/compile-component.ts). */
  code: string;
  /** The source (later: workflow step) id; becomes process.env.PD_COMPONENT. */
  instanceId: string;
  method: InvokeMethod;
  /** Configured values of user-input props, keyed by prop name. */
  props: Record<string, unknown>;
  /** Interface/service props, keyed by prop name. */
  interfaces: Record<string, InterfaceValue>;
  /** Current `$.service.db` contents; the runner returns what changed. */
  db: Record<string, unknown>;
  /** The project's environment variables (`process.env`, beside PD_COMPONENT). */
  env?: Record<string, string>;
  /** The triggering event (for `run`). */
  event?: unknown;
  /**
   * Several `run` invocations at once (instead of `event`): `run(batch[i])` is called for each
   * element in order, one at a time, each seeing the db as the one before left it. Finished
   * invocations are reported by `items` messages (several in one when they finished without
   * giving the event loop a turn) and the `result`; the deadline applies to each.
   */
  batch?: unknown[];
  /** Report each invocation of the batch alone, as it finishes (after a kill left it unclear which one blocked). */
  reportEach?: boolean;
  /**
   * Present when the component runs as a workflow step (an action or a code step): `run` is
   * then called as `run({ steps, $ })` with the `$` of spec 2.11, and `this` holds the step's
   * props as for sources (no `$emit`).
   */
  step?: StepContext;
  /** Absolute host path of this instance's scratch folder (what `/tmp` maps to). */
  scratchDir: string;
  timeoutMs: number;
}

export interface StepContext {
  /** `steps.trigger` = {event, context}; `steps.<name>` = {$return_value, ...exports} of earlier steps. */
  steps: Record<string, unknown>;
  /** `$.context`: the run's ids (id, ts, workflow_id, deployment_id, emitter_id, owner_id, ...). */
  context: Record<string, unknown>;
  /** Whether `$.respond` may answer (an HTTP-triggered run nobody has answered yet). */
  canRespond: boolean;
  /**
   * What `$.flow.delay` / `suspend` / `rerun` return: the run's resume and cancel URLs, valid
   * only if this step pauses the run. Absent where nothing can resume a run (then those throw).
   */
  flow?: FlowUrls;
}

/** The public URLs that resume or cancel a paused run. */
export interface FlowUrls {
  resume_url: string;
  cancel_url: string;
}

/**
 * A `$.flow.delay(ms)`, `$.flow.suspend(timeoutMs)` or `$.flow.rerun(ms, context, maxRetries)`
 * call: the run pauses at the end of the step (the last call of the step wins).
 */
export type PauseRequest =
  | { kind: 'delay'; ms: number }
  | { kind: 'suspend'; ms: number }
  | { kind: 'rerun'; ms: number; context: unknown; maxRetries: number }
  /** Made by the main process only (auto-retry of a failed step), never by a runner. */
  | { kind: 'retry'; ms: number };

/** A `$.send.*` call, validated by the runner and carried out by the main process after the step. */
export type SendRecord =
  | { kind: 'http'; method: string; url: string; headers?: Record<string, string>; params?: Record<string, string>; data?: unknown; auth?: { username: string; password: string } }
  | { kind: 'email'; subject: string; text?: string; html?: string }
  | { kind: 's3'; bucket: string; prefix: string; payload: unknown }
  | { kind: 'emit'; event: unknown; channel?: string; raw: boolean }
  | { kind: 'sse'; channel: string; payload: unknown };

/** What a workflow step produced besides its return value. */
export interface StepResult {
  /** `$.export(name, value)` calls, `$summary` excluded. */
  exports: Record<string, unknown>;
  /** `$.export("$summary", s)`. */
  summary?: string;
  /** Set when `$.flow.exit(reason)` ended the run (reason may be ''). */
  exit?: { reason: string };
  sends: SendRecord[];
  /** Whether `$.respond` was called. */
  responded: boolean;
  /** Set when the step asked to pause the run (`$.flow.delay` / `suspend` / `rerun`). */
  pause?: PauseRequest;
}

export type LogStream = 'stdout' | 'stderr';

/** What one finished invocation produced, also when it threw. */
export interface OutcomeFields {
  ok: boolean;
  error?: SerializedError;
  emits: EmitRecord[];
  db: DbChanges;
  /** The value `run` returned; structured-clonable or undefined. */
  value?: unknown;
  /** For a workflow step (request.step set): exports, summary, exit, sends. */
  step?: StepResult;
}

/** The outcome of one invocation as the pool reports it to the runtime. */
export interface InvokeOutcome extends OutcomeFields {
  /**
   * True when the runner was killed (timeout, memory cap, crash): the runtime must commit
   * nothing of this invocation.
   */
  killed: boolean;
  /** For a batch: how many invocations finished (and were reported by `onItem`). */
  completed?: number;
  /**
   * For a batch killed before its end: true when invocations after the `completed` ones may
   * have finished too (their reports were held back), so the one at `completed` is not
   * known to be the one that was stopped.
   */
  blameUnknown?: boolean;
}

/** One finished invocation of a batch. */
export type ItemOutcome = Omit<InvokeOutcome, 'killed' | 'completed' | 'blameUnknown'>;

export interface InvokeCallbacks {
  onLog?(stream: LogStream, line: string, ts: number): void;
  onRespond?(response: HttpResponseSpec, index?: number): void;
  /** A batch invocation finished (in order). */
  onItem?(index: number, outcome: ItemOutcome): void;
}
