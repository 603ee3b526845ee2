// Request schemas of REST v1. Routes parse with these; the CLI and UI build requests from the
// inferred types. Unknown fields are ignored, as on the hosted API.
import { z } from 'zod';

const configuredProps = z.record(z.string(), z.unknown());

/**
 * Beside `component_code` (or a step's `code`): the name of the user's file, which stack traces
 * name, and the bundle of the file with its local imports inlined, which runs in its place while
 * the code is kept and shown as written (what `runnel deploy` / `update --code` send).
 */
const codeFile = {
  component_filename: z
    .string()
    // No folders, no control characters (it is printed in stack traces), not "." or "..".
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .regex(/^(?!\.{1,2}$)[^/\\\x00-\x1f\x7f]{1,255}$/, 'component_filename is the name of a file, without folders or control characters')
    .optional(),
  component_bundle: z.string().min(1, 'component_bundle is empty').optional(),
};

const timeoutSeconds = z
  .number({ error: 'timeout_seconds must be a number of seconds' })
  .int('timeout_seconds must be an integer')
  .min(1, 'timeout_seconds must be at least 1')
  .max(3600, 'timeout_seconds must be at most 3600');

export const createComponentBody = z
  .object({
    component_code: z.string().min(1, 'component_code is empty').optional(),
    component_url: z.string().min(1, 'component_url is empty').optional(),
    ...codeFile,
  })
  .refine((b) => (b.component_code === undefined) !== (b.component_url === undefined), {
    message: 'give component_code (the module source) or component_url',
  });
export type CreateComponentBody = z.infer<typeof createComponentBody>;

/** `PUT /v1/components/{id}`: new code for a component; its sources move to it in place. */
export const updateComponentBody = z.object({ component_code: z.string().min(1, 'component_code is empty') });
export type UpdateComponentBody = z.infer<typeof updateComponentBody>;

/** The fields a source is created from; an update takes the same, each optional. */
const sourceFields = z.object({
  component_id: z.string().min(1).optional(),
  component_code: z.string().min(1).optional(),
  component_url: z.string().min(1).optional(),
  ...codeFile,
  key: z.string().min(1).optional(),
  name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
  configured_props: configuredProps.optional(),
  timeout_seconds: timeoutSeconds.optional(),
});

/** How many of the ways to name a component a body uses. */
export const componentRefs = (b: z.infer<typeof sourceFields>) =>
  [b.component_id, b.component_code, b.component_url, b.key].filter((v) => v !== undefined).length;

export const createSourceBody = sourceFields.refine((b) => componentRefs(b) === 1, {
  message: 'give exactly one of component_id, component_code, component_url or key',
});
export type CreateSourceBody = z.infer<typeof createSourceBody>;

export const updateSourceBody = sourceFields
  .extend({ active: z.boolean({ error: 'active must be true or false' }).optional() })
  .refine((b) => componentRefs(b) <= 1, { message: 'give at most one of component_id, component_code, component_url or key' });
export type UpdateSourceBody = z.infer<typeof updateSourceBody>;

export const runSourceBody = z.object({ event: z.unknown().optional() });

export const propOptionsBody = z.object({
  configured_props: configuredProps.optional(),
  page: z.number().int().min(0).optional(),
  prevContext: z.unknown().optional(),
  query: z.string().max(1000).optional(),
});

export const reloadPropsBody = z.object({ configured_props: configuredProps.optional() });

export const refreshPackagesBody = z.object({ name: z.string().min(1).max(214).optional() });
export const runWorkflowBody = runSourceBody;

const cursor = z.string().max(200).optional();

export const eventSummariesQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(10),
  before: cursor,
  after: cursor,
  expand: z.enum(['event'], { error: 'expand accepts only "event"' }).optional(),
  event_name: z.string().max(200).optional(),
});

export const listQuery = z.object({
  limit: eventSummariesQuery.shape.limit,
  before: cursor,
  after: cursor,
});

export const deleteEventsQuery = z.object({
  start_id: cursor,
  end_id: cursor,
  event_name: z.string().max(200).optional(),
});

export const updateSettingsBody = z.object({
  default_timeout_seconds: timeoutSeconds.optional(),
  event_retention: z.number().int().min(1).max(10_000).optional(),
  memory_cap_mb: z.number().int().min(32).max(8192).optional(),
  source_queue_length: z.number().int().min(1).max(100_000).optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

/** The runtimes a step may name: the hosted service's Node.js ones (JavaScript) and Python. */
export const PYTHON_RUNTIME = 'python3.12';
export const STEP_RUNTIMES = ['nodejs20.x', 'nodejs18.x', PYTHON_RUNTIME] as const;
/** A step's fields in the hosted service's synced project format (src/main/services/projects/). */
export const hostedStep = z.object({
  namespace: z.string().max(200),
  runtime: z.string().max(50).optional(),
  uses: z.string().max(500),
  notes: z.string().max(20_000).optional(),
  props_cursor: z.string().max(200).optional(),
  /** Props as the format wrote them (`__lv` labels kept), so an export shows no needless diff. */
  props: configuredProps.optional(),
  configurable_props: z.array(z.unknown()).max(200).optional(),
  /** Where `__configurableProps` stood among the props (an export writes it back there). */
  configurable_props_at: z.number().int().min(0).max(10_000).optional(),
  /** The step's code when Runnel cannot run it yet (a Python `entry.py`). */
  code: z.string().max(512 * 1024).optional(),
  /** The step was written without a `props` key (an export leaves it out again when there are none). */
  no_props: z.literal(true).optional(),
});

export type HostedStep = z.infer<typeof hostedStep>;

const stepBody = z
  .object({
    name: z
      .string({ error: 'each step needs a name' })
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a step name is letters, digits and _ (it becomes steps.<name>)')
      .refine((n) => n !== 'trigger', 'the step name "trigger" is reserved for the trigger'),
    code: z.string().min(1).optional(),
    key: z.string().min(1).optional(),
    component_id: z.string().min(1).optional(),
    component_code: z.string().min(1).optional(),
    ...codeFile,
    configured_props: configuredProps.optional(),
    /** `python3.12`: `code` is Python (`def handler(pd)`); otherwise JavaScript. */
    runtime: z.enum(STEP_RUNTIMES, { error: `runtime must be one of ${STEP_RUNTIMES.join(', ')}` }).optional(),
    /** Skipped by every run (the hosted `disabled: true`). */
    disabled: z.boolean().optional(),
    /** Kept but not runnable, with the reason (an imported step whose component was not found). */
    unresolved: z.string().min(1).max(2000).optional(),
    /** What the hosted project format says of the step beyond what Runnel runs (import and export). */
    hosted: hostedStep.optional(),
  })
  .refine((s) => s.unresolved !== undefined || [s.code, s.key, s.component_id, s.component_code].filter((v) => v !== undefined).length === 1, {
    message: 'each step needs exactly one of code, key, component_id or component_code',
  })
  .refine((s) => s.runtime !== PYTHON_RUNTIME || s.code !== undefined, { message: 'a python3.12 step gives its Python as code' });
export type StepBody = z.infer<typeof stepBody>;

export const workflowTrigger = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('http') }),
    z.object({ type: z.literal('manual') }),
    /** An e-mail trigger: a raw RFC 822 message POSTed to its URL becomes the hosted e-mail event. */
    z.object({ type: z.literal('email') }),
    z.object({ type: z.literal('source'), source_id: z.string().min(1, 'a source trigger needs source_id') }),
    z.object({
      type: z.literal('timer'),
      intervalSeconds: z.number().int().min(1).optional(),
      cron: z.string().min(1).optional(),
      timezone: z.string().min(1).optional(),
    }),
  ],
  { error: 'trigger.type must be one of http, email, manual, source, timer' },
);
export type WorkflowTriggerBody = z.infer<typeof workflowTrigger>;

/** Throttle units and their length; a throttle is `limit` events per `interval` units. */
export const THROTTLE_UNIT_MS = { second: 1000, minute: 60_000, hour: 3_600_000 } as const;
export type ThrottleUnit = keyof typeof THROTTLE_UNIT_MS;

/** Execution controls of a workflow, within the hosted service's limits. */
export const EXECUTION_LIMITS = {
  maxConcurrency: 10_000,
  maxThrottleLimit: 10_000,
  maxThrottleInterval: 10_000,
  defaultQueueSize: 100,
  maxQueueSize: 10_000,
  maxTimeoutSeconds: 750,
  minMemoryMb: 256,
  maxMemoryMb: 10_240,
} as const;

const L = EXECUTION_LIMITS;
export const throttleBody = z.object(
  {
    limit: z
      .number({ error: 'throttle.limit must be a number of events' })
      .int('throttle.limit must be a whole number of events')
      .min(0, 'throttle.limit must be at least 0 (0 pauses the queue)')
      .max(L.maxThrottleLimit, `throttle.limit must be at most ${L.maxThrottleLimit}`),
    interval: z
      .number({ error: 'throttle.interval must be a number' })
      .int('throttle.interval must be a whole number')
      .min(1, 'throttle.interval must be at least 1')
      .max(L.maxThrottleInterval, `throttle.interval must be at most ${L.maxThrottleInterval}`)
      .default(1),
    // The plural ("minutes") reads as naturally as the singular; what is stored is the singular.
    unit: z
      .enum(['second', 'minute', 'hour', 'seconds', 'minutes', 'hours'], { error: 'throttle.unit must be second, minute or hour' })
      .transform((u) => u.replace(/s$/, '') as ThrottleUnit),
  },
  { error: 'throttle must be {limit, interval, unit} or null' },
);
export type ThrottleBody = z.infer<typeof throttleBody>;

const workflowFields = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  trigger: workflowTrigger,
  steps: z.array(stepBody).max(100, 'a workflow has at most 100 steps'),
  timeout_seconds: z
    .number({ error: 'timeout_seconds must be a number of seconds' })
    .int('timeout_seconds must be a whole number of seconds')
    .min(1, 'timeout_seconds must be at least 1')
    .max(L.maxTimeoutSeconds, `timeout_seconds must be at most ${L.maxTimeoutSeconds} (the hosted limit)`)
    .optional(),
  /** Runs that may run at once; null: unlimited (as many as there are runners). */
  concurrency: z
    .number({ error: 'concurrency must be a number of workers, or null for unlimited' })
    .int('concurrency must be a whole number of workers')
    .min(1, 'concurrency must be at least 1 (or null for unlimited)')
    .max(L.maxConcurrency, `concurrency must be at most ${L.maxConcurrency}`)
    .nullable()
    .optional(),
  throttle: throttleBody.nullable().optional(),
  queue_size: z
    .number({ error: 'queue_size must be a number of events' })
    .int('queue_size must be a whole number of events')
    .min(1, 'queue_size must be at least 1')
    .max(L.maxQueueSize, `queue_size must be at most ${L.maxQueueSize}`)
    .optional(),
  memory_mb: z
    .number({ error: 'memory_mb must be a number of megabytes' })
    .int('memory_mb must be a whole number of megabytes')
    .min(L.minMemoryMb, `memory_mb must be at least ${L.minMemoryMb} (the hosted minimum)`)
    .max(L.maxMemoryMb, `memory_mb must be at most ${L.maxMemoryMb} (the hosted maximum)`)
    .optional(),
  auto_retry: z.boolean({ error: 'auto_retry must be true or false' }).optional(),
  notify_first_error: z.boolean({ error: 'notify_first_error must be true or false' }).optional(),
  /** An imported workflow: its hosted `p_…` id (the import's key), trigger ids, settings, and what it still needs. */
  hosted: z
    .object({
      id: z.string().regex(/^p_[A-Za-z0-9]{1,64}$/, 'hosted.id is a workflow id p_…'),
      /** The project's `repo_…` id (its README), written back on export. */
      project: z.string().max(100).optional(),
      /** The format's `inactive: true`: kept while the workflow is inactive for what it needs, so an export writes it back. */
      inactive: z.boolean().optional(),
      triggers: z.array(z.string().max(100)).max(20),
      settings: configuredProps.optional(),
      needs: z.array(z.string().max(2000)).max(50),
    })
    .optional(),
});

export type HostedWorkflow = NonNullable<z.infer<typeof workflowFields>['hosted']>;

export const createWorkflowBody = workflowFields.refine((w) => new Set(w.steps.map((s) => s.name)).size === w.steps.length, {
  message: 'step names must be unique',
});
export type CreateWorkflowBody = z.infer<typeof createWorkflowBody>;

export const updateWorkflowBody = workflowFields
  .partial()
  .extend({ active: z.boolean({ error: 'active must be true or false' }).optional() })
  .refine((w) => !w.steps || new Set(w.steps.map((s) => s.name)).size === w.steps.length, { message: 'step names must be unique' });
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBody>;

export const subscriptionQuery = z.object({
  emitter_id: z.string({ error: 'emitter_id is required' }).min(1, 'emitter_id is required'),
  listener_id: z.string({ error: 'listener_id is required' }).min(1, 'listener_id is required'),
  event_name: z.string({ error: 'event_name is required (empty for the default channel)' }).max(200),
});

const appSlug = z.string({ error: 'app is required (the app name slug, e.g. "github")' }).regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'app must be an app name slug such as "github"');
const authFields = z.record(z.string(), z.unknown(), { error: 'auth must be an object of credentials' });

export const createAccountBody = z.object({
  app: appSlug,
  name: z.string().trim().min(1).max(200).optional(),
  auth: authFields,
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;

export const updateAccountBody = z.object({ name: z.string().trim().min(1).max(200).optional(), auth: authFields.optional() });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;
