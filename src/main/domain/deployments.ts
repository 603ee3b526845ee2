// The deployments as configured: sources, workflows and their steps, and subscriptions between
// them. Plain data: the store keeps them (store/documents.ts), the engine and the kinds run them.
import type { HostedStep, HostedWorkflow } from '../../shared/api';
import type { PropDescriptor } from './components';

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
