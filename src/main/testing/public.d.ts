// The public API of `runnel/testing`, as users' editors and type checkers see it (package.json
// points "types" here). Self-contained on purpose: it is shipped as is, so it must not import
// Runnel's internals. index.ts implements it and tsc checks that the two agree.

/** Options of `loadComponent`. */
export interface LoadOptions {
  /** Configured prop values, checked and defaulted as on deploy (`{{steps.…}}` allowed for actions). */
  props?: Record<string, unknown>;
  /** `$auth` of app props, keyed by prop name or app slug: `{ github: { oauth_access_token: "…" } }`. An app prop given none has an empty `$auth` whose fields throw when read, as with no connected account. */
  auth?: Record<string, Record<string, unknown>>;
  /** Initial `$.service.db` contents (`this.db.get(key)`). */
  db?: Record<string, unknown>;
  /**
   * The store of each `data_store` prop, by prop name: its first records (`{ key: value }`),
   * another loaded component's store (`other.dataStore("store")`) to share it, or null to leave
   * an optional prop unconfigured. A prop not given gets an empty store of its own.
   */
  dataStores?: Record<string, DataStoreSeed>;
  /** The project's environment variables: `process.env.NAME`, and `{{process.env.NAME}}` in an action's props. */
  env?: Record<string, string>;
  /** Deadline of one invocation in seconds (default 30). Past it the runner is killed, as in the service. */
  timeoutSeconds?: number;
  /** Memory cap of the runner in MB (default 256). */
  memoryCapMb?: number;
  /** Where npm packages the component imports are cached (default: RUNNEL_PACKAGES_DIR, else the user cache folder). */
  packagesDir?: string;
  /** Called with each line of npm package fetch progress. */
  onProgress?(line: string): void;
}

/** What `dataStores` in `LoadOptions` takes for one prop. */
export type DataStoreSeed = Record<string, unknown> | TestDataStore | null;

/**
 * One record with its times (epoch ms), as the service's REST API shows it: a copy of
 * `DataStoreRecord` in src/shared/data-stores.ts (this file must stand alone); tsc checks the two
 * agree where testing/data-stores.ts returns the service's record as this type.
 */
export interface DataStoreRecord {
  key: string;
  value: unknown;
  created_at: number;
  updated_at: number;
  /** When the record vanishes, or null when it does not expire. */
  expires_at: number | null;
  /** Seconds left until `expires_at`, rounded up; null when it does not expire. */
  ttl: number | null;
}

/**
 * The store behind a `data_store` prop, from the test's side: the operations the component
 * has, carried out by the service's own data store code, plus `record` and `contents`. Keys and
 * values are checked as for the component (a TypeError or RangeError says what is wrong).
 */
export interface TestDataStore {
  /** The store's id (`ds_…`): the prop's `data_store_id`. */
  readonly id: string;
  get(key: string): Promise<unknown>;
  /** `ttl` in seconds; null removes the expiry; no `ttl` keeps the record's current one. */
  set(key: string, value: unknown, options?: { ttl?: number | null }): Promise<void>;
  setTtl(key: string, ttl: number | null): Promise<boolean>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<boolean>;
  /** Oldest write first. */
  keys(): Promise<string[]>;
  entries(): Promise<[string, unknown][]>;
  clear(): Promise<void>;
  /** A record with its expiry, or undefined when there is none (or it expired). */
  record(key: string): Promise<DataStoreRecord | undefined>;
  /** Every live record as `{ key: value }`, oldest write first. */
  contents(): Promise<Record<string, unknown>>;
}

/** One emitted event, after dedupe: the `$emit(event, meta)` arguments. */
export interface EmittedEvent {
  event: unknown;
  /** `name` is the channel (`""` is the default channel). */
  meta: { id?: string; name: string; summary?: string; ts?: number };
}

export interface LogEntry {
  ts: number;
  stream: 'stdout' | 'stderr';
  line: string;
}

/** What `this.http.respond()` or `$.respond()` sent. */
export interface HttpResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** An error thrown by the component, or why the runner stopped it (`TimeoutError`, …). */
export interface ComponentError {
  name: string;
  message: string;
  stack?: string;
}

/** The outcome of one `run(event)` or hook of a source. */
export interface SourceRunResult {
  /** Events kept by the component's dedupe strategy (also across earlier runs), in order. */
  emitted: EmittedEvent[];
  /** How many emitted events dedupe dropped. */
  deduped: number;
  /** Console lines, then `[runnel]` notes (for example an `$emit` a dedupe strategy refused). */
  logs: LogEntry[];
  /** The HTTP answer, when the component responded. */
  response?: HttpResponse;
  /** `$.service.db` after the run (unchanged when the runner was killed). */
  db: Record<string, unknown>;
  /** Each `data_store` prop's records after the run, `{ prop: { key: value } }` (expired ones left out). */
  dataStores: Record<string, Record<string, unknown>>;
  /** What `run` returned. */
  returnValue?: unknown;
  error?: ComponentError;
}

/** A `$.send.*` call an action made: recorded, never carried out. */
export interface SendCall {
  kind: 'http' | 'email' | 's3' | 'emit' | 'sse';
  params: Record<string, unknown>;
}

/** Input of one action (or workflow code step) run. */
export interface ActionRunOptions {
  /** `steps.trigger.event` (default `{}`). */
  event?: unknown;
  /** Earlier steps: `{ first: { $return_value: 41, who: "Ada" } }`. */
  steps?: Record<string, Record<string, unknown>>;
  /** Props for this run, merged over the ones given to `loadComponent`. */
  props?: Record<string, unknown>;
  /** Fields merged over the default `$.context`. */
  context?: Record<string, unknown>;
}

export interface ActionRunResult {
  returnValue?: unknown;
  /** `$.export(name, value)` calls (`$summary` apart). */
  exports: Record<string, unknown>;
  summary?: string;
  /** Set when `$.flow.exit(reason)` ended the run. */
  exit?: { reason: string };
  /** What the service would carry out after the step: empty when the step failed. */
  sends: SendCall[];
  /** What `$.respond()` sent. */
  response?: HttpResponse;
  logs: LogEntry[];
  db: Record<string, unknown>;
  /** Each `data_store` prop's records after the run, `{ prop: { key: value } }` (expired ones left out). */
  dataStores: Record<string, Record<string, unknown>>;
  error?: ComponentError;
}

/** An event built by `timerEvent` or `httpEvent`, completed when the component runs it. */
export interface TestEvent {
  readonly __runnelTestEvent: 'timer' | 'http';
}

export interface HttpEventOptions {
  /** Default: POST when there is a body, else GET. */
  method?: string;
  /** The path after the endpoint (default `/`). */
  path?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  clientIp?: string;
}

/** A component loaded into its own sandbox runner process. */
export interface TestComponent {
  readonly name: string;
  readonly key: string | null;
  readonly version: string;
  readonly type: 'source' | 'action';
  readonly dedupe: 'unique' | 'greatest' | 'last' | null;
  /** `$.service.db` now (a copy). */
  readonly db: Record<string, unknown>;
  /** The endpoint a `$.interface.http` prop reports. */
  readonly endpoint: string;
  /** Runs a source's `run(event)`; the default event is a timer event for now. */
  run(event?: unknown): Promise<SourceRunResult>;
  /** Runs a lifecycle hook of a source (a missing hook does nothing). */
  hook(name: 'deploy' | 'activate' | 'deactivate'): Promise<SourceRunResult>;
  /** Runs an action as a workflow step: `run({ steps, $ })`. */
  runAction(options?: ActionRunOptions): Promise<ActionRunResult>;
  /** The store of a `data_store` prop, to read or change between runs, or to share with another component. */
  dataStore(prop: string): TestDataStore;
  /** Stops the runner process and removes the scratch folder and the component's data stores. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A workflow of your step files, run by the service's own engine in-process (see `loadWorkflow`). */
export interface WorkflowOptions {
  /** The steps in order: each an action or code-step file, with its configured props (`{{ }}` allowed). */
  steps: { name: string; file: string | URL; props?: Record<string, unknown> }[];
  name?: string;
  /** Retry a failed step later, as the service's `auto_retry` setting does. */
  autoRetry?: boolean;
  /** Deadline of each leg of a run (default 30). */
  timeoutSeconds?: number;
  /**
   * The workflow's data stores by name: each its first records (`{ key: value }`) or a loaded
   * component's store (`c.dataStore("prop")`) to share it. A step's `data_store` prop is
   * configured with a name: `props: { store: "orders" }`.
   */
  dataStores?: Record<string, Record<string, unknown> | TestDataStore>;
  /** The project's environment variables. */
  env?: Record<string, string>;
  memoryCapMb?: number;
  packagesDir?: string;
  onProgress?(line: string): void;
}

/** A workflow run as the service records it. */
export interface WorkflowRunRecord {
  id: string;
  status: 'running' | 'success' | 'error' | 'exited' | 'paused' | 'cancelled';
  exit_reason: string | null;
  trigger: { event: unknown; context: Record<string, unknown> };
  steps: {
    name: string;
    status: 'success' | 'error' | 'exited' | 'skipped';
    $return_value?: unknown;
    exports: Record<string, unknown>;
    summary: string | null;
    logs: LogEntry[];
    error: { code: string; message: string; stack?: string } | null;
  }[];
  /** Each pause of the run: `$.flow.delay` / `suspend` / `rerun` or an auto-retry. */
  pauses?: { kind: 'delay' | 'suspend' | 'rerun' | 'retry'; step: string; paused_at: number; resume_at: number; ended_at: number | null; ended_by: 'resume' | 'cancel' | 'timeout' | null }[];
  started_at: number;
  ended_at: number | null;
}

/**
 * A loaded workflow. Its clock only moves when you say: a paused run (a delay, a rerun, a
 * suspend's timeout, an auto-retry) goes on when `advance` passes its due time, at once and in
 * due order, or when you call `resume` / `cancel` (its resume and cancel URLs).
 */
export interface TestWorkflow {
  /** Runs it with `event` as `steps.trigger.event`; resolves when the run ended or paused. */
  run(event?: unknown): Promise<WorkflowRunRecord>;
  get(runId: string): WorkflowRunRecord;
  /** Every run, newest first. */
  runs(): WorkflowRunRecord[];
  /** Moves the workflow's clock (ms, or "90s", "1h", "2d"); returns the runs that went on. */
  advance(by: number | string): Promise<WorkflowRunRecord[]>;
  /** Calls a paused run's resume URL (its body becomes a suspend's `$resume_data`, a rerun's `callback_request.body`). */
  resume(runId: string, body?: unknown): Promise<WorkflowRunRecord>;
  cancel(runId: string): Promise<WorkflowRunRecord>;
  /** Events recorded on the workflow's `$errors` channel, oldest first. */
  errors(): Promise<unknown[]>;
  /** A store of `dataStores` by name, to read or change between runs. */
  dataStore(name: string): TestDataStore;
  close(): Promise<void>;
}

/** Loads a workflow of step files into a sandbox runner, with the service's engine and a clock the test moves. */
export declare function loadWorkflow(options: WorkflowOptions): Promise<TestWorkflow>;

/** The endpoint URL a component's `$.interface.http` prop reports in tests (nothing listens there). */
export declare const TEST_ENDPOINT: string;

/** Loads a component file (JS or TS, local imports and npm packages allowed) into a fresh sandbox runner. */
export declare function loadComponent(file: string | URL, options?: LoadOptions): Promise<TestComponent>;

/** A timer firing at `at` (default: when it runs), shaped by the component's timer prop. */
export declare function timerEvent(options?: { at?: Date | number }): TestEvent;

/** A request to the component's HTTP endpoint, shaped as the webhook ingress delivers it. */
export declare function httpEvent(options?: HttpEventOptions): TestEvent;

/** The event of a fixture file saved from the web UI's event inspector (or any JSON event file). */
export declare function fixture(file: string | URL): unknown;
