import type { ComponentMeta, PropDescriptor } from '../domain/components';
import type { HostedStep, HostedWorkflow } from '../../shared/api';

export interface ComponentDoc {
  id: string;
  code: string;
  code_hash: string;
  /** CommonJS form the sandbox evaluates. */
  compiled: string;
  name: string;
  key: string | null;
  version: string;
  description: string | null;
  type: 'source' | 'action';
  dedupe: 'unique' | 'greatest' | 'last' | null;
  props: PropDescriptor[];
  hooks: string[];
  has_run: boolean;
  /** The component computes more props from configured values (`additionalProps`). */
  has_additional_props?: boolean;
  /** A workflow's inline code step: saved like a component, never listed or looked up by key. */
  inline?: boolean;
  /** The user's file name it was saved with (`component_filename`): an edit in place keeps it, so stack traces still name it. */
  filename?: string;
  /** `python3.12`: an inline Python step, kept as written (`compiled` is the same text). */
  runtime?: 'python3.12';
  /** In the registry: shipped with Runnel (read-only) or published to the local registry. */
  registry?: 'builtin' | 'published';
  created_at: number;
  updated_at: number;
}

export interface SourceDoc {
  id: string;
  component_id: string;
  name: string;
  name_slug: string;
  active: boolean;
  /** User-input values as configured (after defaults). */
  props: Record<string, unknown>;
  /** Timer prop configuration, if the component has one. */
  timer: { prop: string; intervalSeconds: number | null; cron: string | null; timezone: string | null } | null;
  /** HTTP interface prop, if the component has one; `token` is the unguessable path segment. */
  http: { prop: string; token: string; customResponse: boolean } | null;
  /** `$.service.db` prop names. */
  db_props: string[];
  /** `data_store` prop names, those `additionalProps()` added included (absent: the component's own). */
  data_store_props?: string[];
  timeout_seconds: number | null;
  /** Execution controls (absent: the defaults, see workflow-controls.ts). concurrency null: unlimited. */
  concurrency?: number | null;
  throttle?: { limit: number; interval: number; unit: 'second' | 'minute' | 'hour' } | null;
  queue_size?: number;
  memory_mb?: number;
  /** How far the timer's virtual clock runs ahead of real time (`runnel clock advance`). */
  clock_offset_ms?: number;
  created_at: number;
  updated_at: number;
}

export type WorkflowTriggerDoc =
  | { type: 'http'; token: string }
  | { type: 'email'; token: string }
  | { type: 'manual' }
  | { type: 'source'; source_id: string }
  | { type: 'timer'; intervalSeconds: number | null; cron: string | null; timezone: string | null };

export interface StepDoc {
  id: string;
  name: string;
  component_id: string;
  /** As given: literal values or `{{steps.…}}` expressions, evaluated at each run. */
  configured_props: Record<string, unknown>;
  /** Props the component's additionalProps() added for these values when the step was saved. */
  dynamic_props?: PropDescriptor[];
  /** `python3.12`: a Python step (its component's code is Python); absent: JavaScript. */
  runtime?: 'python3.12';
  /** Skipped by every run. */
  disabled?: boolean;
  /** Kept but not runnable (component_id is ''): why, and what to do. */
  unresolved?: string;
  /** The step as the hosted project format wrote it (imported workflows; export writes it back). */
  hosted?: HostedStep;
}

export interface WorkflowDoc {
  id: string;
  deployment_id: string;
  name: string;
  trigger: WorkflowTriggerDoc;
  steps: StepDoc[];
  timeout_seconds: number | null;
  /** Execution controls (absent: the defaults, see workflow-controls.ts). concurrency null: unlimited. */
  concurrency?: number | null;
  throttle?: { limit: number; interval: number; unit: 'second' | 'minute' | 'hour' } | null;
  queue_size?: number;
  memory_mb?: number;
  /** Auto-retry of failed steps (absent: off). */
  auto_retry?: boolean;
  notify_first_error?: boolean;
  /** How far the timer's virtual clock runs ahead of real time (`runnel clock advance`). */
  clock_offset_ms?: number;
  /** An imported workflow: its hosted id and what it still needs before it can be active. */
  hosted?: HostedWorkflow;
  /** Each step's last successful test (by step id): what later steps' tests see as its exports. */
  step_tests?: Record<string, StepTestDoc>;
  active: boolean;
  created_at: number;
  updated_at: number;
}

/** A step's exports from its last test (`at`: when the test began, epoch ms). */
export interface StepTestDoc {
  at: number;
  $return_value?: unknown;
  exports: Record<string, unknown>;
}

export interface SubscriptionDoc {
  id: string;
  /** A source or workflow id, or a glob `dc_*` / `p_*`. */
  emitter_id: string;
  listener_id: string;
  /** '' is the default channel. */
  event_name: string;
}

export interface AccountDoc {
  id: string;
  app: string;
  name: string;
  /** The credentials object as JSON, sealed (see secret-box.ts). */
  auth: string;
  created_at: number;
  updated_at: number;
}

/** A project environment variable (`process.env.NAME` in components and `{{ }}` props). */
export interface EnvVarDoc {
  name: string;
  /** Sealed (see secret-box.ts), whether or not it is secret. */
  value: string;
  /** Secret values are masked in API answers and in logs. */
  secret: boolean;
  created_at: number;
  updated_at: number;
}

export type { Settings } from '../../shared/resources';
import type { Settings } from '../../shared/resources';

export interface Documents {
  schema: 1;
  user: { id: string; created_at: number } | null;
  settings: Settings;
  components: ComponentDoc[];
  sources: SourceDoc[];
  workflows: WorkflowDoc[];
  subscriptions: SubscriptionDoc[];
  accounts: AccountDoc[];
  env: EnvVarDoc[];
}

export function emptyDocuments(): Documents {
  return {
    schema: 1,
    user: null,
    settings: { default_timeout_seconds: 300, event_retention: 100, memory_cap_mb: 256, source_queue_length: 1000 },
    components: [],
    sources: [],
    workflows: [],
    subscriptions: [],
    accounts: [],
    env: [],
  };
}

/** Brings an older or partial document up to the current schema. */
export function migrate(d: Partial<Documents>): Documents {
  const base = emptyDocuments();
  return {
    schema: 1,
    user: d.user ?? null,
    settings: { ...base.settings, ...(d.settings ?? {}) },
    components: d.components ?? [],
    sources: d.sources ?? [],
    workflows: d.workflows ?? [],
    subscriptions: d.subscriptions ?? [],
    accounts: d.accounts ?? [],
    env: d.env ?? [],
  };
}

export type { ComponentMeta };

/** Whether parsed JSON has the shape of a documents file (any schema `migrate` accepts). */
export function isDocuments(d: unknown): boolean {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
  const o = d as Record<string, unknown>;
  const lists = ['components', 'sources', 'workflows', 'subscriptions', 'accounts', 'env'] as const;
  return lists.every((k) => o[k] === undefined || Array.isArray(o[k])) && (o.settings === undefined || typeof o.settings === 'object');
}
