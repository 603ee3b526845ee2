import type { HttpEvent, HttpRequestFacts } from '../domain/http';

export type { HttpRequestFacts } from '../domain/http';

/**
 * The `run(event)` argument of an HTTP trigger. Shared by the webhook ingress and the test
 * harness (runnel/testing), so a test sees exactly what a deployed component would.
 */
export function httpEventOf(r: HttpRequestFacts): HttpEvent {
  return {
    method: r.method,
    path: r.path,
    query: queryOf(r.url),
    headers: r.headers,
    bodyRaw: r.bodyRaw,
    body: parseBody(r.headers['content-type'] ?? '', r.bodyRaw),
    url: r.url,
    client_ip: r.clientIp,
  };
}

/** A URL's query parameters; a repeated one becomes a list. */
function queryOf(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const start = url.indexOf('?');
  if (start === -1) return query;
  const hash = url.indexOf('#', start);
  for (const [k, v] of new URLSearchParams(url.slice(start + 1, hash === -1 ? undefined : hash))) {
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return query;
}

/** JSON and form bodies parsed; JSON that fails to parse stays text; an empty body is `{}`. */
export function parseBody(contentType: string, raw: string): unknown {
  if (raw === '') return {};
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}
