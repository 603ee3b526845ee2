import { RunnelError } from '../../../shared/errors';
import { LIMITS } from '../../../shared/limits';
import type { ConfigurableProp } from '../../../shared/resources';
import type { PropDescriptor } from '../../domain/components';
import { HTTP_REQUEST_TYPE } from '../../../shared/http-request';
import { resolveHttpRequestProp } from './http-request-prop';
import { parseTimerConfig, type TimerConfig } from './timer-config';
import { DATA_STORE_PROP } from '../../../shared/data-stores';
import { resolveDataStoreProp, type DataStoreCheck } from './data-store-props';

export const INTERFACE_TYPES = new Set(['$.interface.http', '$.interface.timer', '$.service.db']);
// `sql` holds what the user wrote (`{ query, params }` on the hosted form): a value like `object`'s.
const USER_TYPES = new Set(['string', 'integer', 'boolean', 'object', 'any', 'string[]', 'integer[]', 'boolean[]', 'sql']);
USER_TYPES.add(HTTP_REQUEST_TYPE);
/** Display-only props (a note in the form): no value, never required, not in `this`. */
export const DISPLAY_TYPES = new Set(['alert']);

export interface ResolvedProps {
  /** User-input values, defaults applied. */
  values: Record<string, unknown>;
  timer: (TimerConfig & { prop: string }) | null;
  http: { prop: string; customResponse: boolean } | null;
  dbProps: string[];
}

/** The public description of a component's props (spec 2.2). */
export function configurableProps(props: PropDescriptor[]): ConfigurableProp[] {
  return props.map((p) => {
    const { options, ...rest } = p;
    const out: ConfigurableProp = { ...rest };
    if (options === true) out.remoteOptions = true;
    else if (Array.isArray(options)) out.options = options;
    return out;
  });
}

/** Checks the prop types a component declares; called when a component is saved. */
export function checkDeclaredProps(props: PropDescriptor[]): void {
  for (const p of props) {
    if (!INTERFACE_TYPES.has(p.type) && !USER_TYPES.has(p.type) && !DISPLAY_TYPES.has(p.type) && p.type !== 'app' && p.type !== DATA_STORE_PROP) {
      throw new RunnelError('invalid_component', `Prop "${p.name}" has an unknown type "${p.type}"`, { prop: p.name });
    }
  }
  for (const p of props) {
    if (p.secret && p.type !== 'string') throw new RunnelError('invalid_component', `Prop "${p.name}": secret is only for string props`, { prop: p.name });
    if ((p.min !== undefined || p.max !== undefined) && p.type !== 'integer' && p.type !== 'integer[]') {
      throw new RunnelError('invalid_component', `Prop "${p.name}": min and max are only for integer props`, { prop: p.name });
    }
  }
  if (props.filter((p) => p.type === '$.interface.http').length > 1) {
    throw new RunnelError('invalid_component', 'A component can have at most one $.interface.http prop');
  }
  if (props.filter((p) => p.type === '$.interface.timer').length > 1) {
    throw new RunnelError('invalid_component', 'A component can have at most one $.interface.timer prop');
  }
}

/**
 * Validates `configured` against the component's props and fills defaults. Throws a 400 that
 * names every missing prop, or the first prop whose value is wrong.
 */
export interface ResolveOptions {
  /** Checks an app prop's configured value (a connected account) and returns what to keep. */
  app?(prop: PropDescriptor, given: unknown): unknown;
  /** Checks a data_store prop's configured value (`{data_store_id}`); see data-store-props.ts. */
  dataStore?: DataStoreCheck;
}

export function resolveProps(props: PropDescriptor[], configured: Record<string, unknown>, opts: ResolveOptions = {}): ResolvedProps {
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  let timer: ResolvedProps['timer'] = null;
  let http: ResolvedProps['http'] = null;
  const dbProps: string[] = [];

  for (const p of props) {
    const given = configured[p.name];
    if (DISPLAY_TYPES.has(p.type)) continue;
    if (p.type === '$.service.db') {
      dbProps.push(p.name);
      continue;
    }
    if (p.type === '$.interface.http') {
      http = { prop: p.name, customResponse: p.customResponse === true };
      continue;
    }
    if (p.type === '$.interface.timer') {
      const raw = given ?? p.default;
      if (raw === undefined) {
        missing.push(p.name);
        continue;
      }
      timer = { prop: p.name, ...parseTimerConfig(p.name, raw) };
      continue;
    }
    if (p.type === DATA_STORE_PROP) {
      resolveDataStoreProp(p, given, opts.dataStore, values, missing);
      continue;
    }
    if (p.type === 'app') {
      // The platform supplies app props: what is kept is the account chosen, if any.
      values[p.name] = opts.app ? opts.app(p, given) : { account_id: null };
      continue;
    }
    if (p.type === HTTP_REQUEST_TYPE && (given ?? p.default ?? null) !== null) { values[p.name] = resolveHttpRequestProp(p, given); continue; }
    const value = given === undefined || given === null ? p.default : given;
    if (value === undefined) {
      if (!p.optional) missing.push(p.name);
      continue;
    }
    values[p.name] = checkValue(p, value);
  }
  if (missing.length > 0) {
    throw new RunnelError(
      'invalid_props',
      `Missing required prop${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      { missing },
    );
  }
  return { values, timer, http, dbProps };
}

function checkValue(p: PropDescriptor, value: unknown): unknown {
  const size = Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  if (size > LIMITS.propValueBytes) {
    throw propError(p, `is ${size} bytes; a prop value may be at most 64 KB`);
  }
  const v = p.type.endsWith('[]') ? checkArray(p, value) : checkScalar(p, p.type, value);
  if (Array.isArray(p.options) && p.options.length > 0) {
    const allowed = p.options.map((o) => (o !== null && typeof o === 'object' && 'value' in o ? (o as { value: unknown }).value : o));
    const chosen = Array.isArray(v) ? v : [v];
    for (const c of chosen) {
      if (!allowed.some((a) => JSON.stringify(a) === JSON.stringify(c))) {
        throw propError(p, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
      }
    }
  }
  return v;
}

function checkArray(p: PropDescriptor, value: unknown): unknown[] {
  let arr = value;
  if (typeof arr === 'string') {
    try {
      arr = JSON.parse(arr);
    } catch {
      /* reported below */
    }
  }
  if (!Array.isArray(arr)) throw propError(p, `must be an array (${p.type})`);
  const itemType = p.type.slice(0, -2);
  return arr.map((item) => checkScalar(p, itemType, item));
}

function checkScalar(p: PropDescriptor, type: string, value: unknown): unknown {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw propError(p, 'must be a string');
      return value;
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) throw propError(p, 'must be an integer');
      if (p.min !== undefined && n < p.min) throw propError(p, `must be at least ${p.min}`);
      if (p.max !== undefined && n > p.max) throw propError(p, `must be at most ${p.max}`);
      return n;
    }
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      if (typeof value !== 'boolean') throw propError(p, 'must be true or false');
      return value;
    case 'object':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw propError(p, 'must be an object');
      return value;
    default:
      return value;
  }
}

function propError(p: PropDescriptor, what: string): RunnelError {
  return new RunnelError('invalid_props', `Prop "${p.name}" ${what}`, { prop: p.name });
}
