import type { WorkflowTriggerBody } from '../../../shared/api';
import { DurationError, parseDuration } from '../../../shared/duration';

/** What a hosted step's `uses` names. */
export type StepUse = { kind: 'code'; language: 'js' | 'py' } | { kind: 'registry'; key: string; version: string };

/** `./ns/entry.js`, `./ns/entry.py`, or a registry action `<app>-<action>@<version>`. */
export function parseUses(uses: string): StepUse | { kind: 'unknown' } {
  if (uses.startsWith('./')) return uses.endsWith('.py') ? { kind: 'code', language: 'py' } : { kind: 'code', language: 'js' };
  const m = /^([a-z0-9_]+(?:-[a-z0-9_]+)+)@([0-9A-Za-z.+-]+)$/.exec(uses);
  return m ? { kind: 'registry', key: m[1]!, version: m[2]! } : { kind: 'unknown' };
}

/**
 * A hosted prop value as Runnel stores it: `{authProvisionId}` → `{account_id}`, `{storeId}` →
 * `{data_store_id}`, a chosen option `{__lv: {label, value}}` → its value (a list of them → the
 * list of values). Literals and
 * `{{ … }}` expressions are kept as they are (Runnel evaluates the same JavaScript).
 */
export function importProp(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(importProp);
  if (!isObject(v)) return v;
  if (typeof v.authProvisionId === 'string') return { account_id: v.authProvisionId };
  if (typeof v.storeId === 'string') return { data_store_id: v.storeId };
  if ('__lv' in v) return Array.isArray(v.__lv) ? v.__lv.map(optionValue) : optionValue(v.__lv);
  return v;
}

/** A chosen option `{label, value}` → its value (a multi-select's `__lv` is a list of them). */
function optionValue(o: unknown): unknown {
  return isObject(o) && 'value' in o ? importProp(o.value) : importProp(o);
}

/** The reverse of importProp, for export (an option's label is not kept by Runnel, so `__lv` is written back only from the imported text). */
export function exportProp(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(exportProp);
  if (!isObject(v)) return v;
  if ('account_id' in v && Object.keys(v).length === 1) return typeof v.account_id === 'string' ? { authProvisionId: v.account_id } : {};
  if (typeof v.data_store_id === 'string' && Object.keys(v).length === 1) return { storeId: v.data_store_id };
  return v;
}

export type TriggerKind = 'http' | 'timer' | 'email' | 'source' | 'subscription' | 'unknown';

/** The kind a hosted trigger id's prefix names. */
export function triggerKind(id: string): TriggerKind {
  if (id.startsWith('hi_')) return 'http';
  if (id.startsWith('ti_')) return 'timer';
  if (id.startsWith('ei_')) return 'email';
  if (id.startsWith('dc_')) return 'source';
  if (id.startsWith('sub_')) return 'subscription';
  return 'unknown';
}

export interface TriggerPlan {
  trigger: WorkflowTriggerBody;
  /** The hosted trigger this workflow now answers, if one could be. */
  mapped: { id: string; kind: TriggerKind } | null;
  /** Why the workflow cannot be active yet (a schedule to give, a source to pick). */
  needs: string[];
  /** Hosted triggers with no local counterpart, each with why. */
  unmapped: { id: string; reason: string }[];
}

/**
 * Runnel's trigger for a workflow's hosted triggers. A workflow has one trigger here: the first
 * HTTP or timer one wins; the others are reported. Timers carry no schedule in the format, so
 * one must be given (`schedule`), else the workflow waits inactive for one.
 */
export function planTrigger(ids: string[], workflowId: string, schedule: string | undefined): TriggerPlan {
  const unmapped: TriggerPlan['unmapped'] = [];
  const needs: string[] = [];
  const rank: Record<TriggerKind, number> = { http: 0, timer: 1, email: 2, source: 3, subscription: 3, unknown: 4 };
  // Stable: among equals, the file's order.
  const sorted = [...ids].sort((a, b) => rank[triggerKind(a)] - rank[triggerKind(b)]);
  const first = sorted[0];
  for (const id of sorted.slice(1)) unmapped.push({ id, reason: `a Runnel workflow has one trigger; ${first} was mapped. Make a copy of the workflow for this trigger` });
  if (!first) return { trigger: { type: 'manual' }, mapped: null, needs, unmapped };
  const kind = triggerKind(first);
  switch (kind) {
    case 'http':
      return { trigger: { type: 'http' }, mapped: { id: first, kind }, needs, unmapped };
    case 'email':
      // The hosted service gave each e-mail trigger an address; here the mail forwarder POSTs the raw message to the URL.
      return { trigger: { type: 'email' }, mapped: { id: first, kind }, needs, unmapped };
    case 'timer':
      if (schedule) return { trigger: { type: 'timer', ...parseSchedule(schedule) }, mapped: { id: first, kind }, needs, unmapped };
      needs.push(`a schedule for timer ${first}: the synced format does not carry it. Import again with --schedule ${workflowId}="every 15m" (or a cron expression), or set the trigger's schedule`);
      return { trigger: { type: 'manual' }, mapped: { id: first, kind }, needs, unmapped };
    case 'source':
    case 'subscription':
      needs.push(
        `a source for trigger ${first}: the synced format does not carry the source's settings. Deploy the source (runnel deploy) and set this workflow's trigger to it; until then it runs by hand`,
      );
      return { trigger: { type: 'manual' }, mapped: { id: first, kind }, needs, unmapped };
    default:
      unmapped.push({ id: first, reason: `unknown trigger kind (the id's prefix is none of hi_, ti_, ei_, dc_, sub_)` });
      return { trigger: { type: 'manual' }, mapped: null, needs, unmapped };
  }
}

/** `every 5m` / `5m` / `3600` → an interval; anything else is a cron expression (checked where the trigger is saved). */
export function parseSchedule(text: string): { intervalSeconds: number } | { cron: string } {
  const t = text.trim().replace(/^every\s+/i, '');
  try {
    return { intervalSeconds: Math.max(1, Math.round(parseDuration(t))) };
  } catch (err) {
    if (!(err instanceof DurationError)) throw err;
    return { cron: text.trim() };
  }
}

/** A step name Runnel accepts (letters, digits, `_`) from a hosted namespace. */
export function stepName(namespace: string): string {
  let n = namespace.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);
  if (!/^[A-Za-z_]/.test(n)) n = `_${n}`.slice(0, 64);
  return n === 'trigger' ? 'trigger_' : n;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
