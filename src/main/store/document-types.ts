// The documents file (documents.ts): its shape, defaults and migration. The deployments and
// components it holds are the domain's shapes (domain/), re-exported here for the store's users.
import type { ComponentDoc, ComponentMeta } from '../domain/components';
import type { SourceDoc, SubscriptionDoc, WorkflowDoc } from '../domain/deployments';

export type { ComponentDoc };
export type { SourceDoc, StepDoc, StepTestDoc, SubscriptionDoc, WorkflowDoc, WorkflowTriggerDoc } from '../domain/deployments';

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
