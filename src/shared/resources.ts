// Resource shapes served by REST v1 (spec section 2). Shared by the service, the CLI and the UI.

export interface DeployedSource {
  id: string;
  user_id: string;
  component_id: string;
  component_key: string | null;
  configured_props: Record<string, unknown>;
  active: boolean;
  created_at: number;
  updated_at: number;
  name: string;
  name_slug: string;
  timeout_seconds: number;
  last_event_at: number | null;
  /** Failed runs (thrown, timed out, killed) since it was deployed, and the last one. */
  errors: ErrorCounts;
}

/** How often a source or workflow failed, and the last failure (`at` in epoch ms). */
export interface ErrorCounts {
  count: number;
  last: { at: number; name: string; message: string } | null;
}

/** A prop's attributes as a component declares them (spec 2.9), functions left out. */
export interface PropAttributes {
  name: string;
  type: string;
  label?: string;
  description?: string;
  optional?: boolean;
  default?: unknown;
  secret?: boolean;
  min?: number;
  max?: number;
  reloadProps?: boolean;
  /** `$.interface.http` only. */
  customResponse?: boolean;
  /** `app` props only. */
  app?: string;
  propDefinition?: unknown[];
  /** `alert` props only (display, no value): `info`, `neutral`, `warning`, `error`, … and the text. */
  alertType?: string;
  content?: string;
}

/** A prop as `configurable_props` lists it. */
export interface ConfigurableProp extends PropAttributes {
  options?: unknown[];
  /** The options come from the component's async `options()` method. */
  remoteOptions?: boolean;
}

export interface SavedComponent {
  id: string;
  code: string;
  code_hash: string;
  name: string;
  key: string | null;
  version: string;
  description: string | null;
  type: 'source' | 'action';
  configurable_props: ConfigurableProp[];
  created_at: number;
  updated_at: number;
}

export interface EventMetadata {
  emitter_id: string;
  emit_id: string;
  name: string;
  summary?: string;
  ts?: number;
  /** Subscription deliveries that led to this event (absent for 0). */
  hops?: number;
  /** The kept trigger input of the invocation that emitted it (re-run it with POST …/events/{id}/rerun). */
  trigger_id?: string;
}

export interface EventSummary {
  id: string;
  indexed_at_ms: number;
  event?: unknown;
  metadata: EventMetadata;
}

export interface PageInfo {
  total_count: number;
  count: number;
  start_cursor: string | null;
  end_cursor: string | null;
}

export interface LogLine {
  ts: number;
  stream: 'stdout' | 'stderr';
  line: string;
}

export interface RunResult {
  ok: boolean;
  error: { name: string; message: string; stack?: string } | null;
  emitted: EventSummary[];
  deduped: number;
  duration_ms: number;
}

/** The JSON carried in each `data:` line of a source's SSE stream (see docs/api.md). */
export interface SseEmitFrame {
  k: 'emit';
  id: string;
  ts: number;
  e: unknown;
  sum: string | null;
  name: string;
  metadata: EventMetadata;
}

export type WorkflowTrigger =
  | { type: 'http'; endpoint_url: string }
  /** POST a raw RFC 822 message to endpoint_url: the run gets the hosted e-mail event. */
  | { type: 'email'; endpoint_url: string }
  | { type: 'manual' }
  | { type: 'source'; source_id: string }
  | { type: 'timer'; cron: string | null; interval_seconds: number | null; timezone?: string };

export interface WorkflowStep {
  id: string;
  name: string;
  component_id: string;
  component_key: string | null;
  configured_props: Record<string, unknown>;
  /** Present for a Python step (`python3.12`). */
  runtime?: 'python3.12';
  /** Skipped by every run. */
  disabled?: boolean;
  /** Kept but not runnable: why (an imported step whose component was not found). */
  unresolved?: string;
}

export interface Workflow {
  id: string;
  deployment_id: string;
  name: string;
  trigger: WorkflowTrigger;
  steps: WorkflowStep[];
  active: boolean;
  timeout_seconds: number;
  /** Runs that may run at once; null: unlimited (as many as the service has runners). */
  concurrency: number | null;
  /** At most `limit` events start per `interval` `unit`s (0 pauses the queue); null: no throttle. */
  throttle: { limit: number; interval: number; unit: 'second' | 'minute' | 'hour' } | null;
  /** How many events may wait; more are refused (429, Event Queue Full on `$errors`). */
  queue_size: number;
  /** Memory asked for each run (validated as hosted; runners hold every run to the service's memory cap). */
  memory_mb: number;
  /** A failed step is retried, up to 8 times over about 10 hours (not after a timeout or out of memory). */
  auto_retry: boolean;
  /** With auto-retry: also record the first error on `$errors` (else only the final one). */
  notify_first_error: boolean;
  /** Imported from the hosted project format: its `p_…` id and what it still needs (a schedule, a source). */
  hosted?: { id: string; needs: string[] };
  created_at: number;
  updated_at: number;
  /** Failed runs as its `$errors` channel keeps them (within the event retention), and the last one. */
  errors: ErrorCounts;
}

/** `paused`: waiting on `$.flow.delay` / `suspend` / `rerun`; `cancelled`: its cancel URL (or a suspend's timeout) ended it. */
export type RunStatus = 'running' | 'paused' | 'success' | 'error' | 'exited' | 'cancelled';

/** One pause of a run (`$.flow.delay` / `suspend` / `rerun`). Times are the workflow's virtual clock, epoch ms. */
export interface RunPause {
  kind: 'delay' | 'suspend' | 'rerun' | 'retry';
  /** The step that paused the run. */
  step: string;
  paused_at: number;
  /** When it ends by itself: a delay resumes, a rerun reruns its step, a suspend is cancelled. */
  resume_at: number;
  /** While the run is paused: the public URLs that resume or cancel it (each works once). */
  resume_url?: string;
  cancel_url?: string;
  ended_at: number | null;
  /** What ended it: the resume URL, the cancel URL, or its time coming (`timeout`). */
  ended_by: 'resume' | 'cancel' | 'timeout' | null;
}

export interface StepRun {
  id: string;
  name: string;
  status: 'success' | 'error' | 'exited' | 'skipped';
  $return_value?: unknown;
  exports: Record<string, unknown>;
  summary: string | null;
  logs: LogLine[];
  duration_ms: number;
  error: { code: string; message: string; stack?: string } | null;
}

export interface WorkflowRun {
  id: string;
  workflow_id: string;
  deployment_id: string;
  status: RunStatus;
  exit_reason: string | null;
  trigger: { event: unknown; context: Record<string, unknown> };
  steps: StepRun[];
  started_at: number;
  ended_at: number | null;
  duration_ms: number | null;
  /** The run's pauses, oldest first (absent when it never paused); the last is open while `status` is `paused`. */
  pauses?: RunPause[];
  /** A replay (POST …/runs/replay): the run whose trigger event this one ran again. */
  replay_of?: string;
  /** The replays of this run, oldest first (while they are among the workflow's last 100 runs). */
  replayed_as?: string[];
}

export interface Subscription {
  id: string;
  emitter_id: string;
  listener_id: string;
  event_name: string;
}

export interface OutboxMessage {
  id: string;
  ts: number;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  workflow_id?: string;
}

/** A connected account; `auth` values are always masked in responses. */
export interface Account {
  id: string;
  app: string;
  name: string;
  auth: Record<string, string>;
  created_at: number;
  updated_at: number;
}

/** What a `change` frame of the account stream says was created, updated or deleted. */
export type ChangedResource =
  | 'components'
  | 'registry'
  | 'sources'
  | 'workflows'
  | 'subscriptions'
  | 'accounts'
  | 'outbox'
  | 'settings'
  | 'packages'
  | 'api-key'
  | 'data_stores'
  | 'env';

/**
 * Frames of the account-wide stream `GET /v1/stream`: one connection that tells a client (the
 * web UI) everything that happens, so it never needs one SSE connection per source.
 */
export type FeedFrame =
  | { type: 'emit'; emitter_id: string; frame: SseEmitFrame }
  | { type: 'log'; source_id: string; line: LogLine }
  | { type: 'run'; workflow_id: string; run: WorkflowRun }
  | { type: 'change'; resource: ChangedResource; id?: string }
  | { type: 'activity'; ts: number; line: string };

/** `GET /v1/system`: where this service keeps its data and how to reach it. */
export interface SystemInfo {
  version: string;
  url: string;
  data_dir: string;
  api_key_file: string;
  api_key_source: 'env' | 'file';
  started_at: number;
  /** Damage found in store files when the service opened them, and what was done (empty when none). */
  store_warnings: StoreWarning[];
  /** The walls around component code that are active (see docs/api.md). */
  sandbox: SandboxLayers;
}

/** The layers that contain component code, as runners start now. */
export interface SandboxLayers {
  /** SES lockdown and one Compartment per component: always. */
  ses: true;
  /** The flag of Node's permission model runners start with, or null when it is not available. */
  node_permissions: string | null;
  /** The user runners run as when the service runs as root, or null (they run as the service's user). */
  unprivileged_user: string | null;
  /** Runners cannot gain privileges (Linux no_new_privs, set with setpriv). */
  no_new_privs: boolean;
  /** Who enforces the memory cap: the main process (reading /proc) or a worker thread in the runner. */
  memory_watchdog: 'parent' | 'runner-worker';
}

/** A store file found damaged at start: which, what was wrong, and how it was recovered. */
export interface StoreWarning {
  file: string;
  problem: string;
  action: string;
  /** Epoch ms. */
  at: number;
}

/** A registry record (spec 2.2): `GET /v1/components/registry[/{key}]`. */
export interface RegistryEntry {
  key: string;
  name: string;
  version: string;
  description: string | null;
  type: 'source' | 'action';
  component_id: string;
  builtin: boolean;
  configurable_props: ConfigurableProp[];
}

/** Service-wide settings: `GET/PUT /v1/settings`. */
export interface Settings {
  default_timeout_seconds: number;
  event_retention: number;
  memory_cap_mb: number;
  /** Waiting invocations per source before webhooks answer 429. */
  source_queue_length: number;
}
