// The pure half of the prop form: which input each prop gets, the form state it edits, and the
// conversion between that state and `configured_props` (spec 2.9). No React, no fetch.
import type { ConfigurableProp } from '../../../../shared/resources';
import { DATA_STORE_PROP, dataStoreIdOf } from '../../../../shared/data-stores';
import { HTTP_REQUEST_TYPE } from '../../../../shared/http-request';
import { defaultHasUrl, parseRequestDraft, requestDraft, type RequestDraft } from './http-request-model';


/** What the server sends back for a stored secret; sending it back keeps the value. */
export const SECRET_MASK = '********';

export type FieldKind = 'text' | 'integer' | 'boolean' | 'json' | 'select' | 'multi' | 'list' | 'app' | 'timer' | 'http' | 'hidden' | 'request' | 'data_store' | 'alert';

/** The input a prop gets. `[]` types become a list editor (or checkboxes when it has options). */
export function fieldKind(p: ConfigurableProp): FieldKind {
  if (p.type === '$.service.db') return 'hidden';
  if (p.type === 'alert') return 'alert';
  if (p.type === '$.interface.http') return 'http';
  if (p.type === '$.interface.timer') return 'timer';
  if (p.type === 'app') return 'app';
  if (p.type === DATA_STORE_PROP) return 'data_store';
  if (p.type === HTTP_REQUEST_TYPE) return 'request';
  const hasOptions = p.remoteOptions === true || (Array.isArray(p.options) && p.options.length > 0);
  if (p.type.endsWith('[]')) return hasOptions ? 'multi' : 'list';
  if (hasOptions) return 'select';
  if (p.type === 'integer') return 'integer';
  if (p.type === 'boolean') return 'boolean';
  if (p.type === 'object' || p.type === 'any') return 'json';
  return 'text';
}

/** The props a user fills in (the db service is the platform's business). */
export const visibleProps = (props: ConfigurableProp[]) => props.filter((p) => fieldKind(p) !== 'hidden');

export interface Option {
  label: string;
  value: unknown;
  /** The value as a select's `<option value>`: JSON keeps numbers and booleans typed. */
  key: string;
}

/** Options as components give them: plain values or `{label, value}`. */
export function normalizeOptions(raw: unknown[] | undefined): Option[] {
  return (raw ?? []).map((o) => {
    if (o !== null && typeof o === 'object' && 'value' in o) {
      const { label, value } = o as { label?: unknown; value: unknown };
      return { label: label === undefined ? display(value) : String(label), value, key: optionKey(value) };
    }
    return { label: display(o), value: o, key: optionKey(o) };
  });
}

export const optionKey = (v: unknown): string => JSON.stringify(v) ?? '';
const display = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export interface TimerDraft {
  mode: 'interval' | 'cron';
  seconds: string;
  cron: string;
  timezone: string;
}

/**
 * One field's raw input. Its shape follows the field kind: text/integer/json/select → string
 * (select: the option key), list/multi → string[], boolean → boolean|null (null: not set),
 * app → account id, timer → TimerDraft. `expr` is set while the field holds an expression.
 */
export interface FieldState {
  raw: unknown;
  expr: string | null;
}

export type FormState = Record<string, FieldState>;

export const isExpression = (v: unknown) => typeof v === 'string' && /\{\{[\s\S]*\}\}/.test(v);

/** The state of one field, from its configured value or else its default. */
export function initialField(p: ConfigurableProp, configured: unknown): FieldState {
  const kind = fieldKind(p);
  const v = configured === undefined || configured === null ? p.default : configured;
  if (isExpression(v) && kind !== 'text') return { raw: emptyRaw(p), expr: v as string };
  if (v === undefined || v === null) return { raw: emptyRaw(p), expr: null };
  switch (kind) {
    case 'text':
      return { raw: typeof v === 'string' ? v : JSON.stringify(v), expr: null };
    case 'integer':
      return { raw: String(v), expr: null };
    case 'boolean':
      return { raw: v === true || v === 'true', expr: null };
    case 'json':
      return { raw: JSON.stringify(v, null, 2), expr: null };
    case 'select':
      return { raw: optionKey(v), expr: null };
    case 'multi':
      return { raw: (Array.isArray(v) ? v : [v]).map(optionKey), expr: null };
    case 'list':
      return { raw: (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x : JSON.stringify(x))), expr: null };
    case 'app':
      return { raw: typeof v === 'object' && v && 'account_id' in v ? String((v as { account_id: unknown }).account_id ?? '') : '', expr: null };
    case 'timer':
      return { raw: timerDraft(v), expr: null };
    case 'data_store':
      return { raw: dataStoreIdOf(v) ?? '', expr: null };
    case 'request':
      return { raw: requestDraft(v), expr: null };
    default:
      return { raw: null, expr: null };
  }
}

function emptyRaw(p: ConfigurableProp): unknown {
  switch (fieldKind(p)) {
    case 'boolean':
      return null;
    case 'multi':
    case 'list':
      return [];
    case 'timer':
      return { mode: 'interval', seconds: '', cron: '', timezone: '' } satisfies TimerDraft;
    case 'request':
      return requestDraft(undefined);
    case 'http':
    case 'hidden':
      return null;
    default:
      return '';
  }
}

/** A timer as configured (`{intervalSeconds}` / `{cron, timezone}`) or as served (`{interval_seconds, cron}`). */
export function timerDraft(v: unknown): TimerDraft {
  const t = (v ?? {}) as { intervalSeconds?: number; interval_seconds?: number | null; cron?: string | null; timezone?: string };
  const seconds = t.intervalSeconds ?? t.interval_seconds ?? null;
  if (t.cron) return { mode: 'cron', seconds: '', cron: t.cron, timezone: t.timezone ?? '' };
  return { mode: 'interval', seconds: seconds === null ? '' : String(seconds), cron: '', timezone: t.timezone ?? '' };
}

/** The whole form's state from `configured_props` (defaults where a prop has no value). */
export function formStateFrom(props: ConfigurableProp[], configured: Record<string, unknown>): FormState {
  const out: FormState = {};
  for (const p of visibleProps(props)) out[p.name] = initialField(p, configured[p.name]);
  return out;
}

type Parsed = { value: unknown } | { empty: true } | { error: string };

/** One field's configured value, or that it is empty, or what is wrong with it. */
export function parseField(p: ConfigurableProp, f: FieldState): Parsed {
  if (f.expr !== null) return f.expr.trim() ? { value: f.expr.trim() } : { empty: true };
  const kind = fieldKind(p);
  const raw = f.raw;
  switch (kind) {
    case 'text': {
      const s = String(raw ?? '');
      return s === '' ? { empty: true } : { value: s };
    }
    case 'integer':
      return parseInteger(p, String(raw ?? ''));
    case 'boolean':
      return raw === null || raw === undefined ? { empty: true } : { value: raw === true };
    case 'json': {
      const s = String(raw ?? '').trim();
      if (!s) return { empty: true };
      let v: unknown;
      try {
        v = JSON.parse(s);
      } catch (err) {
        return { error: `Not valid JSON: ${(err as Error).message}` };
      }
      if (p.type === 'object' && (v === null || typeof v !== 'object' || Array.isArray(v))) return { error: 'Must be a JSON object ({ … })' };
      return { value: v };
    }
    case 'select': {
      const s = String(raw ?? '');
      return s === '' ? { empty: true } : { value: fromKey(s) };
    }
    case 'multi': {
      const keys = (raw as string[] | undefined) ?? [];
      return keys.length === 0 ? { empty: true } : { value: keys.map(fromKey) };
    }
    case 'list':
      return parseList(p, (raw as string[] | undefined) ?? []);
    case 'app': {
      const s = String(raw ?? '');
      return s === '' ? { empty: true } : { value: { account_id: s } };
    }
    case 'timer':
      return parseTimer(raw as TimerDraft);
    case 'data_store':
      return String(raw ?? '') === '' ? { empty: true } : { value: { data_store_id: String(raw) } };
    case 'request':
      return parseRequestDraft(raw as RequestDraft);
    default:
      return { empty: true };
  }
}

function fromKey(key: string): unknown {
  try {
    return JSON.parse(key);
  } catch {
    return key;
  }
}

function parseInteger(p: ConfigurableProp, text: string): Parsed {
  const s = text.trim();
  if (!s) return { empty: true };
  if (!/^-?\d+$/.test(s)) return { error: 'Must be a whole number' };
  const n = Number(s);
  if (p.min !== undefined && n < p.min) return { error: `Must be at least ${p.min}` };
  if (p.max !== undefined && n > p.max) return { error: `Must be at most ${p.max}` };
  return { value: n };
}

function parseList(p: ConfigurableProp, items: string[]): Parsed {
  const kept = items.filter((s) => s.trim() !== '');
  if (kept.length === 0) return { empty: true };
  const item = { ...p, type: p.type.slice(0, -2) };
  const out: unknown[] = [];
  for (const [i, s] of kept.entries()) {
    if (item.type === 'integer') {
      const r = parseInteger(item, s);
      if ('error' in r) return { error: `Item ${i + 1}: ${r.error.toLowerCase()}` };
      out.push((r as { value: unknown }).value);
    } else if (item.type === 'boolean') {
      if (s.trim() !== 'true' && s.trim() !== 'false') return { error: `Item ${i + 1}: must be true or false` };
      out.push(s.trim() === 'true');
    } else if (item.type === 'object' || item.type === 'any') {
      try {
        out.push(JSON.parse(s));
      } catch {
        return { error: `Item ${i + 1}: not valid JSON` };
      }
    } else out.push(s);
  }
  return { value: out };
}

function parseTimer(t: TimerDraft | undefined): Parsed {
  if (!t) return { empty: true };
  const timezone = t.timezone.trim() ? { timezone: t.timezone.trim() } : {};
  if (t.mode === 'cron') {
    const cron = t.cron.trim();
    return cron ? { value: { cron, ...timezone } } : { empty: true };
  }
  const s = t.seconds.trim();
  if (!s) return { empty: true };
  if (!/^\d+$/.test(s) || Number(s) < 1) return { error: 'The interval is a whole number of seconds, at least 1' };
  return { value: { intervalSeconds: Number(s), ...timezone } };
}

/** Whether a prop must be given by the user (an app prop never is: without an account it deploys, and only a credential read fails). */
export function isRequired(p: ConfigurableProp): boolean {
  const kind = fieldKind(p);
  if (kind === 'http' || kind === 'hidden' || kind === 'alert' || p.optional) return false;
  if (kind === 'app') return false;
  if (kind === 'request') return !defaultHasUrl(p.default);
  if (kind === 'boolean') return false; // unset means false
  return p.default === undefined;
}

export interface FormResult {
  /** What to send as `configured_props`: empties left out. */
  value: Record<string, unknown>;
  /** What is wrong with a prop's input, by prop name. */
  errors: Record<string, string>;
  /** Required props left empty. */
  missing: string[];
}

/** The form's `configured_props`, its input errors and the required props left empty. */
export function toConfigured(props: ConfigurableProp[], state: FormState): FormResult {
  const value: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const missing: string[] = [];
  for (const p of visibleProps(props)) {
    const f = state[p.name];
    const r = f ? parseField(p, f) : ({ empty: true } as const);
    if ('error' in r) errors[p.name] = r.error;
    else if ('value' in r) value[p.name] = r.value;
    else if (fieldKind(p) === 'boolean' && !p.optional) value[p.name] = false;
    else if (isRequired(p)) missing.push(p.name);
  }
  return { value, errors, missing };
}

/** The props whose change asks for `additionalProps` again, and whether their values differ. */
export function reloadKeyChanged(props: ConfigurableProp[], a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return props.some((p) => p.reloadProps && optionKey(a[p.name]) !== optionKey(b[p.name]));
}

/** Whether a form state should start by asking for `additionalProps` (a reload prop already has a value). */
export const needsInitialReload = (props: ConfigurableProp[], configured: Record<string, unknown>) =>
  props.some((p) => p.reloadProps && configured[p.name] !== undefined && configured[p.name] !== null);
