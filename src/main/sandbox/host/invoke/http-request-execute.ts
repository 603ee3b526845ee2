// Performs a normalised `http_request` config from the runner with the fetch components also
// get (so the same network reach, and the invocation's deadline still kills a hung request).
// The answer is plain data, so a step can return it as is.
import type { HttpRequestBody, HttpRequestConfig } from '../../../../shared/http-request';

export interface HttpRequestResponse {
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON when the response says it is JSON (and parses), else the text ('' when empty). */
  data: unknown;
}

/** A non-2xx answer; `response` holds it whole, as axios errors do. */
export class HttpRequestError extends Error {
  override name = 'HttpRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly response: HttpRequestResponse,
  ) {
    super(message);
  }
}

const NO_BODY = new Set(['GET', 'HEAD']);
const ERROR_BODY_CHARS = 500;

const fieldText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The request body and the content type it needs (null: let fetch set it, as for multipart). */
function encodeBody(b: HttpRequestBody): { body: string | URLSearchParams | FormData; contentType: string | null } | undefined {
  if (b.type === 'raw') return b.raw === '' ? undefined : { body: b.raw, contentType: b.contentType };
  if (b.fields.length === 0) return undefined;
  const ct = b.contentType.toLowerCase();
  if (ct.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams();
    for (const f of b.fields) form.append(f.name, fieldText(f.value));
    return { body: form, contentType: b.contentType };
  }
  if (ct.includes('multipart/form-data')) {
    const form = new FormData();
    for (const f of b.fields) form.append(f.name, fieldText(f.value));
    return { body: form, contentType: null }; // fetch adds the boundary
  }
  const json: Record<string, unknown> = {};
  for (const f of b.fields) json[f.name] = f.value;
  return { body: JSON.stringify(json), contentType: b.contentType };
}

function requestHeaders(c: HttpRequestConfig, contentType: string | null | undefined): Headers {
  const h = new Headers();
  for (const { name, value } of c.headers) h.append(name, value);
  if (contentType && !h.has('content-type')) h.set('content-type', contentType);
  if (contentType === null) h.delete('content-type');
  // The configured auth wins over an Authorization header typed by hand.
  if (c.auth.type === 'basic') h.set('authorization', `Basic ${Buffer.from(`${c.auth.username}:${c.auth.password}`, 'utf8').toString('base64')}`);
  if (c.auth.type === 'bearer') h.set('authorization', `Bearer ${c.auth.token}`);
  return h;
}

function parseData(text: string, contentType: string | null): unknown {
  if (text === '' || !contentType || !/[/+]json\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The request URL: the configured one with `params` appended to its query. */
export function requestUrl(c: HttpRequestConfig): URL {
  const url = new URL(c.url);
  for (const { name, value } of c.params) url.searchParams.append(name, value);
  return url;
}

/** Sends the request; resolves to the response, rejects with HttpRequestError on a non-2xx. */
export async function executeHttpRequest(c: HttpRequestConfig): Promise<HttpRequestResponse> {
  const url = requestUrl(c);
  const encoded = NO_BODY.has(c.method) ? undefined : encodeBody(c.body);
  let res: Response;
  try {
    res = await fetch(url, { method: c.method, headers: requestHeaders(c, encoded?.contentType), body: encoded?.body, redirect: 'follow' });
  } catch (err) {
    const cause = (err as { cause?: { message?: string; code?: string } }).cause;
    throw new Error(`${c.method} ${url.origin}${url.pathname} failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  const text = c.method === 'HEAD' ? '' : await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  const response: HttpRequestResponse = { status: res.status, statusText: res.statusText, headers, data: parseData(text, res.headers.get('content-type')) };
  if (res.status < 200 || res.status > 299) {
    const excerpt = text.length > ERROR_BODY_CHARS ? `${text.slice(0, ERROR_BODY_CHARS)}…` : text;
    throw new HttpRequestError(`Request failed with status code ${res.status}${excerpt ? `: ${excerpt}` : ''}`, res.status, response);
  }
  return response;
}
