// Zod schemas of the resources REST v1 answers with (the interfaces in resources.ts, clock-api.ts
// and data-stores.ts, as data). They feed the OpenAPI document; compile-time checks in
// resource-schemas-check.ts keep them and the interfaces in step.
import { z } from 'zod';

const epoch = z.number();
const props = z.record(z.string(), z.unknown());

export const errorCounts = z.object({
  count: z.number(),
  last: z.object({ at: epoch, name: z.string(), message: z.string() }).nullable(),
});

export const deployedSource = z.object({
  id: z.string(),
  user_id: z.string(),
  component_id: z.string(),
  component_key: z.string().nullable(),
  configured_props: props,
  active: z.boolean(),
  created_at: epoch,
  updated_at: epoch,
  name: z.string(),
  name_slug: z.string(),
  timeout_seconds: z.number(),
  last_event_at: epoch.nullable(),
  errors: errorCounts,
});

const propAttributes = {
  name: z.string(),
  type: z.string(),
  label: z.string().optional(),
  description: z.string().optional(),
  optional: z.boolean().optional(),
  default: z.unknown().optional(),
  secret: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  reloadProps: z.boolean().optional(),
  customResponse: z.boolean().optional(),
  app: z.string().optional(),
  propDefinition: z.array(z.unknown()).optional(),
  alertType: z.string().optional(),
  content: z.string().optional(),
};

export const configurableProp = z.object({
  ...propAttributes,
  options: z.array(z.unknown()).optional(),
  remoteOptions: z.boolean().optional(),
});

const componentType = z.enum(['source', 'action']);

export const savedComponent = z.object({
  id: z.string(),
  code: z.string(),
  code_hash: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  version: z.string(),
  description: z.string().nullable(),
  type: componentType,
  configurable_props: z.array(configurableProp),
  created_at: epoch,
  updated_at: epoch,
});

export const eventMetadata = z.object({
  emitter_id: z.string(),
  emit_id: z.string(),
  name: z.string(),
  summary: z.string().optional(),
  ts: z.number().optional(),
  hops: z.number().optional(),
  trigger_id: z.string().optional(),
});

export const eventSummary = z.object({
  id: z.string(),
  indexed_at_ms: z.number(),
  event: z.unknown().optional(),
  metadata: eventMetadata,
});

export const pageInfo = z.object({
  total_count: z.number(),
  count: z.number(),
  start_cursor: z.string().nullable(),
  end_cursor: z.string().nullable(),
});

export const logLine = z.object({ ts: z.number(), stream: z.enum(['stdout', 'stderr']), line: z.string() });

export const runResult = z.object({
  ok: z.boolean(),
  error: z.object({ name: z.string(), message: z.string(), stack: z.string().optional() }).nullable(),
  emitted: z.array(eventSummary),
  deduped: z.number(),
  duration_ms: z.number(),
});

export const workflowTrigger = z.discriminatedUnion('type', [
  z.object({ type: z.literal('http'), endpoint_url: z.string() }),
  z.object({ type: z.literal('email'), endpoint_url: z.string() }),
  z.object({ type: z.literal('manual') }),
  z.object({ type: z.literal('source'), source_id: z.string() }),
  z.object({ type: z.literal('timer'), cron: z.string().nullable(), interval_seconds: z.number().nullable(), timezone: z.string().optional() }),
]);

export const workflowStep = z.object({
  id: z.string(),
  name: z.string(),
  component_id: z.string(),
  component_key: z.string().nullable(),
  configured_props: props,
  runtime: z.literal('python3.12').optional(),
  disabled: z.boolean().optional(),
  unresolved: z.string().optional(),
});

export const workflow = z.object({
  id: z.string(),
  deployment_id: z.string(),
  name: z.string(),
  trigger: workflowTrigger,
  steps: z.array(workflowStep),
  active: z.boolean(),
  timeout_seconds: z.number(),
  concurrency: z.number().nullable(),
  throttle: z.object({ limit: z.number(), interval: z.number(), unit: z.enum(['second', 'minute', 'hour']) }).nullable(),
  queue_size: z.number(),
  memory_mb: z.number(),
  auto_retry: z.boolean(),
  notify_first_error: z.boolean(),
  hosted: z.object({ id: z.string(), needs: z.array(z.string()) }).optional(),
  created_at: epoch,
  updated_at: epoch,
  errors: errorCounts,
});

export const runStatus = z.enum(['running', 'paused', 'success', 'error', 'exited', 'cancelled']);

export const runPause = z.object({
  kind: z.enum(['delay', 'suspend', 'rerun', 'retry']),
  step: z.string(),
  paused_at: z.number(),
  resume_at: z.number(),
  resume_url: z.string().optional(),
  cancel_url: z.string().optional(),
  ended_at: z.number().nullable(),
  ended_by: z.enum(['resume', 'cancel', 'timeout']).nullable(),
});

export const stepRun = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['success', 'error', 'exited', 'skipped']),
  $return_value: z.unknown().optional(),
  exports: props,
  summary: z.string().nullable(),
  logs: z.array(logLine),
  duration_ms: z.number(),
  error: z.object({ code: z.string(), message: z.string(), stack: z.string().optional() }).nullable(),
});

export const workflowRun = z.object({
  id: z.string(),
  workflow_id: z.string(),
  deployment_id: z.string(),
  status: runStatus,
  exit_reason: z.string().nullable(),
  trigger: z.object({ event: z.unknown(), context: props }),
  steps: z.array(stepRun),
  started_at: epoch,
  ended_at: epoch.nullable(),
  duration_ms: z.number().nullable(),
  pauses: z.array(runPause).optional(),
  replay_of: z.string().optional(),
  replayed_as: z.array(z.string()).optional(),
});

export const subscription = z.object({ id: z.string(), emitter_id: z.string(), listener_id: z.string(), event_name: z.string() });

export const outboxMessage = z.object({
  id: z.string(),
  ts: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string().optional(),
  html: z.string().optional(),
  workflow_id: z.string().optional(),
});

export const account = z.object({
  id: z.string(),
  app: z.string(),
  name: z.string(),
  auth: z.record(z.string(), z.string()),
  created_at: epoch,
  updated_at: epoch,
});

export const storeWarning = z.object({ file: z.string(), problem: z.string(), action: z.string(), at: z.number() });

export const sandboxLayers = z.object({
  ses: z.literal(true),
  node_permissions: z.string().nullable(),
  unprivileged_user: z.string().nullable(),
  no_new_privs: z.boolean(),
  memory_watchdog: z.enum(['parent', 'runner-worker']),
});

export const systemInfo = z.object({
  version: z.string(),
  url: z.string(),
  data_dir: z.string(),
  api_key_file: z.string(),
  api_key_source: z.enum(['env', 'file']),
  started_at: z.number(),
  store_warnings: z.array(storeWarning),
  sandbox: sandboxLayers,
});

export const registryEntry = z.object({
  key: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  type: componentType,
  component_id: z.string(),
  builtin: z.boolean(),
  configurable_props: z.array(configurableProp),
});

export const settings = z.object({
  default_timeout_seconds: z.number(),
  event_retention: z.number(),
  memory_cap_mb: z.number(),
  source_queue_length: z.number(),
});

export const dataStoreUser = z.object({
  type: z.enum(['source', 'workflow']),
  id: z.string(),
  name: z.string(),
  step: z.string().optional(),
  prop: z.string(),
});

export const dataStore = z.object({
  id: z.string(),
  name: z.string(),
  record_count: z.number(),
  created_at: epoch,
  updated_at: epoch,
  used_by: z.array(dataStoreUser),
});

export const dataStoreRecord = z.object({
  key: z.string(),
  value: z.unknown(),
  created_at: epoch,
  updated_at: epoch,
  expires_at: epoch.nullable(),
  ttl: z.number().nullable(),
});

const firingTime = { due_at: z.string(), timestamp: z.number() };
export const sourceFiring = runResult.extend(firingTime);
export const workflowFiring = workflowRun.extend(firingTime);

export const clockRun = z.object({
  ...firingTime,
  ok: z.boolean(),
  error: z.object({ name: z.string(), message: z.string() }).nullable(),
  emitted: z.number().optional(),
  run_id: z.string().optional(),
  status: runStatus.optional(),
  resumed: runPause.shape.kind.optional(),
});

export const clockAdvance = z.object({
  fired: z.number(),
  resumed: z.number(),
  from: z.string(),
  to: z.string(),
  offset_seconds: z.number(),
  next: z.string().nullable(),
  runs: z.array(clockRun),
});

export const clockNext = z.object({ now: z.string(), offset_seconds: z.number(), times: z.array(z.string()) });

/** The body of every error answer. */
export const errorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});
