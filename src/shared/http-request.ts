// The `http_request` prop type: a configurable HTTP request (docs/http-request-prop.md). Its
// configured value is a request config merged over the prop's default and normalised here, the
// one place that decides what a valid config is (the service validates with it, the runner and
// the UI read the same shape).

export const HTTP_REQUEST_TYPE = 'http_request';

export const HTTP_REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpRequestMethod = (typeof HTTP_REQUEST_METHODS)[number];

/** The content type a `fields` body gets when none is configured. */
export const DEFAULT_FIELDS_CONTENT_TYPE = 'application/json';
/** The content type a `raw` body gets when none is configured. */
export const DEFAULT_RAW_CONTENT_TYPE = 'text/plain';

export interface NameValue {
  name: string;
  value: string;
}

/** A `fields` value may be any JSON value (a JSON body keeps its type; a form body sends its text). */
export interface BodyField {
  name: string;
  value: unknown;
}

export interface HttpRequestBody {
  type: 'fields' | 'raw';
  contentType: string;
  fields: BodyField[];
  raw: string;
}

export type HttpRequestAuth = { type: 'none' } | { type: 'basic'; username: string; password: string } | { type: 'bearer'; token: string };

/** A normalised request config: what `this.<prop>` exposes and what is stored. */
export interface HttpRequestConfig {
  method: HttpRequestMethod;
  url: string;
  headers: NameValue[];
  params: NameValue[];
  body: HttpRequestBody;
  auth: HttpRequestAuth;
}

export type NormalizeResult = { ok: true; value: HttpRequestConfig } | { ok: false; problem: string };

export interface NormalizeOptions {
  /**
   * Strings holding a `{{steps.…}}` expression are not checked as a method or URL (a workflow
   * step's value is checked again once its expressions are evaluated).
   */
  deferExpressions?: boolean;
}

type Obj = Record<string, unknown>;

class Problem extends Error {}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasExpr = (v: unknown) => typeof v === 'string' && v.includes('{{');

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** The given value merged over the default: top-level keys replace, `body` and `auth` merge one level. */
export function mergeHttpRequest(defaultValue: unknown, given: unknown): unknown {
  if (given === undefined || given === null) return defaultValue;
  if (!isObject(defaultValue) || !isObject(given)) return given;
  const out: Obj = { ...defaultValue, ...given };
  for (const k of ['body', 'auth']) {
    if (isObject(defaultValue[k]) && isObject(given[k])) out[k] = { ...(defaultValue[k] as Obj), ...(given[k] as Obj) };
  }
  return out;
}

/** Checks and normalises a request config (already merged over the default). */
export function normalizeHttpRequest(value: unknown, o: NormalizeOptions = {}): NormalizeResult {
  try {
    return { ok: true, value: normalize(value, o) };
  } catch (err) {
    if (err instanceof Problem) return { ok: false, problem: err.message };
    throw err;
  }
}

function normalize(value: unknown, o: NormalizeOptions): HttpRequestConfig {
  if (!isObject(value)) throw new Problem(`must be a request object like { "method": "GET", "url": "https://…" }, got ${kind(value)}`);
  return {
    method: method(value.method, o),
    url: url(value.url, o),
    headers: pairs(value.headers, 'headers'),
    params: pairs(value.params, 'params'),
    body: body(value.body),
    auth: auth(value.auth),
  };
}

function method(v: unknown, o: NormalizeOptions): HttpRequestMethod {
  if (v === undefined || v === null || v === '') return 'GET';
  if (typeof v !== 'string') throw new Problem(`method must be a string, got ${kind(v)}`);
  if (o.deferExpressions && hasExpr(v)) return v as HttpRequestMethod;
  const m = v.trim().toUpperCase();
  if (!(HTTP_REQUEST_METHODS as readonly string[]).includes(m)) {
    throw new Problem(`method "${v}" is not one of ${HTTP_REQUEST_METHODS.join(', ')}`);
  }
  return m as HttpRequestMethod;
}

function url(v: unknown, o: NormalizeOptions): string {
  if (v === undefined || v === null || v === '') throw new Problem('needs a url');
  if (typeof v !== 'string') throw new Problem(`url must be a string, got ${kind(v)}`);
  const s = v.trim();
  if (o.deferExpressions && hasExpr(s)) return s;
  let parsed: URL;
  try {
    parsed = new URL(s);
  } catch {
    throw new Problem(`url "${s}" is not an absolute URL (like https://example.com/path)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Problem(`url "${s}" must use http or https, not ${parsed.protocol.slice(0, -1)}`);
  }
  return s;
}

/** Headers and params: `[{name, value}]`; numbers and booleans become text; blank rows are dropped. */
function pairs(v: unknown, field: 'headers' | 'params'): NameValue[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Problem(`${field} must be an array of { name, value }, got ${kind(v)}`);
  const out: NameValue[] = [];
  v.forEach((row, i) => {
    if (!isObject(row)) throw new Problem(`${field}[${i}] must be an object { name, value }, got ${kind(row)}`);
    const name = row.name ?? '';
    const value = row.value ?? '';
    if (typeof name !== 'string') throw new Problem(`${field}[${i}].name must be a string, got ${kind(name)}`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new Problem(`${field}[${i}].value must be a string, got ${kind(value)}`);
    }
    if (name.trim() === '' && value === '') return;
    if (name.trim() === '') throw new Problem(`${field}[${i}] has a value but no name`);
    out.push({ name: name.trim(), value: String(value) });
  });
  return out;
}

function fields(v: unknown): BodyField[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Problem(`body.fields must be an array of { name, value }, got ${kind(v)}`);
  const out: BodyField[] = [];
  v.forEach((row, i) => {
    if (!isObject(row)) throw new Problem(`body.fields[${i}] must be an object { name, value }, got ${kind(row)}`);
    const name = row.name ?? '';
    if (typeof name !== 'string') throw new Problem(`body.fields[${i}].name must be a string, got ${kind(name)}`);
    const value = row.value === undefined ? '' : row.value;
    if (name.trim() === '' && value === '') return;
    if (name.trim() === '') throw new Problem(`body.fields[${i}] has a value but no name`);
    out.push({ name: name.trim(), value });
  });
  return out;
}

function body(v: unknown): HttpRequestBody {
  if (v === undefined || v === null) return { type: 'fields', contentType: DEFAULT_FIELDS_CONTENT_TYPE, fields: [], raw: '' };
  if (!isObject(v)) throw new Problem(`body must be an object { type, contentType, fields | raw }, got ${kind(v)}`);
  const type = v.type ?? (v.raw !== undefined && v.fields === undefined ? 'raw' : 'fields');
  if (type !== 'fields' && type !== 'raw') throw new Problem(`body.type must be "fields" or "raw", got ${JSON.stringify(type)}`);
  const ct = v.contentType ?? '';
  if (typeof ct !== 'string') throw new Problem(`body.contentType must be a string, got ${kind(ct)}`);
  const raw = v.raw ?? '';
  if (typeof raw !== 'string') throw new Problem(`body.raw must be a string, got ${kind(raw)}`);
  const contentType = ct.trim() || (type === 'raw' ? DEFAULT_RAW_CONTENT_TYPE : DEFAULT_FIELDS_CONTENT_TYPE);
  return { type, contentType, fields: fields(v.fields), raw };
}

function text(v: unknown, field: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new Problem(`${field} must be a string, got ${kind(v)}`);
  return v;
}

function auth(v: unknown): HttpRequestAuth {
  if (v === undefined || v === null) return { type: 'none' };
  if (!isObject(v)) throw new Problem(`auth must be an object { type, … }, got ${kind(v)}`);
  const type = v.type ?? 'none';
  if (type === 'none') return { type };
  if (type === 'basic') return { type, username: text(v.username, 'auth.username'), password: text(v.password, 'auth.password') };
  if (type === 'bearer') {
    const token = text(v.token, 'auth.token');
    if (token === '') throw new Problem('auth.token is empty (bearer auth needs a token)');
    return { type, token };
  }
  throw new Problem(`auth.type must be "none", "basic" or "bearer", got ${JSON.stringify(type)}`);
}
