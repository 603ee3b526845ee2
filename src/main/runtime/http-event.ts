import type { HttpEvent, HttpRequestFacts } from '../domain/http';

export type { HttpRequestFacts } from '../domain/http';

/**
 * The `run(event)` argument of an HTTP trigger. Shared by the webhook ingress and the test
 * harness (runnel/testing), so a test sees exactly what a deployed component would.
 */
export function httpEventOf(r: HttpRequestFacts): HttpEvent {
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of r.url.searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return {
    method: r.method,
    path: r.path,
    query,
    headers: r.headers,
    bodyRaw: r.bodyRaw,
    body: parseBody(r.headers['content-type'] ?? '', r.bodyRaw),
    url: r.url.toString(),
    client_ip: r.clientIp,
  };
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
