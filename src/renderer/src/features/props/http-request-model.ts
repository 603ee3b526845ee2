// The pure half of the request builder for `http_request` props: the draft the inputs edit and
// its conversion to and from a request config (docs/http-request-prop.md). No React, no fetch.
import {
  DEFAULT_FIELDS_CONTENT_TYPE,
  DEFAULT_RAW_CONTENT_TYPE,
  HTTP_REQUEST_METHODS,
  normalizeHttpRequest,
} from '../../../../shared/http-request';

export { HTTP_REQUEST_METHODS };

/** One editable row (header, param or body field); values are text in the builder. */
export interface Row {
  name: string;
  value: string;
}

export type BodyMode = 'none' | 'fields' | 'raw';
export type AuthMode = 'none' | 'basic' | 'bearer';

export interface RequestDraft {
  method: string;
  url: string;
  headers: Row[];
  params: Row[];
  bodyMode: BodyMode;
  contentType: string;
  fields: Row[];
  raw: string;
  authMode: AuthMode;
  username: string;
  password: string;
  token: string;
}

/** Content types the body's input suggests (any other can be typed). */
export const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/xml'];

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.map((r) => ({ name: str(obj(r).name), value: str(obj(r).value) })) : []);

/** The draft for a configured (or default) request config; anything missing starts blank. */
export function requestDraft(v: unknown): RequestDraft {
  const c = obj(v);
  const body = obj(c.body);
  const auth = obj(c.auth);
  const fields = rows(body.fields);
  const bodyType = body.type ?? (body.raw !== undefined && body.fields === undefined ? 'raw' : 'fields');
  const bodyMode: BodyMode = bodyType === 'raw' ? 'raw' : fields.length > 0 ? 'fields' : 'none';
  const authMode: AuthMode = auth.type === 'basic' || auth.type === 'bearer' ? auth.type : 'none';
  return {
    method: str(c.method).toUpperCase() || 'GET',
    url: str(c.url),
    headers: rows(c.headers),
    params: rows(c.params),
    bodyMode,
    contentType: str(body.contentType),
    fields,
    raw: str(body.raw),
    authMode,
    username: str(auth.username),
    password: str(auth.password),
    token: str(auth.token),
  };
}

const kept = (rs: Row[]) => rs.filter((r) => r.name.trim() !== '' || r.value !== '');

/** The request config a draft stands for (the whole config, so nothing of the default comes back unasked). */
export function draftToConfig(d: RequestDraft): Obj {
  const contentType = d.contentType.trim();
  const body =
    d.bodyMode === 'raw'
      ? { type: 'raw', contentType: contentType || DEFAULT_RAW_CONTENT_TYPE, raw: d.raw }
      : { type: 'fields', contentType: contentType || DEFAULT_FIELDS_CONTENT_TYPE, fields: d.bodyMode === 'fields' ? kept(d.fields) : [] };
  const auth =
    d.authMode === 'basic' ? { type: 'basic', username: d.username, password: d.password } : d.authMode === 'bearer' ? { type: 'bearer', token: d.token } : { type: 'none' };
  return { method: d.method, url: d.url.trim(), headers: kept(d.headers), params: kept(d.params), body, auth };
}

/**
 * The configured value of a builder: empty while it has no URL (a default may supply one), else
 * the config, or what is wrong with it as the service would say it.
 */
export function parseRequestDraft(d: RequestDraft | undefined): { value: unknown } | { empty: true } | { error: string } {
  if (!d || d.url.trim() === '') return { empty: true };
  const config = draftToConfig(d);
  const r = normalizeHttpRequest(config, { deferExpressions: true });
  if (!r.ok) return { error: r.problem.charAt(0).toUpperCase() + r.problem.slice(1) };
  return { value: config };
}

/** Whether a prop's default already names a URL (then leaving the builder's URL empty is fine). */
export const defaultHasUrl = (def: unknown): boolean => str(obj(def).url).trim() !== '';
