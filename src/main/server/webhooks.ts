import type { Context } from 'hono';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RunnelError } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import type { HttpResponseSpec } from '../sandbox/protocol';
import type { HttpEvent, SourceRuntime } from '../runtime/source-runtime';

export const WEBHOOK_PREFIX = '/e';

/**
 * Public webhook ingress: `/e/<token>[/any/path]`. No API key and any Host header (a tunnel
 * may forward here); the 22-character random token is what keeps endpoints unguessable.
 */
export function webhookRoutes(runtime: SourceRuntime): Hono {
  const r = new Hono();
  const handle = async (c: Context) => {
    const token = c.req.param('token') ?? '';
    if (c.req.method === 'OPTIONS') return preflight(c);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > LIMITS.webhookBodyBytes) throw new RunnelError('payload_too_large', 'The request body is over 512 KB');
    if (runtime.isBusy(token)) {
      c.header('Retry-After', '1');
      throw new RunnelError('too_many_requests', 'This source has too many requests waiting; retry later');
    }
    const raw = await readLimited(c.req.raw, LIMITS.webhookBodyBytes);
    const delivery = await runtime.deliverHttp(token, toEvent(c, token, raw));
    const cors = { 'access-control-allow-origin': '*' };
    if (delivery.kind === 'accepted') return c.json({ success: true }, 200, cors);
    return toResponse(delivery.response, cors);
  };
  r.all('/:token', handle);
  r.all('/:token/*', handle);
  return r;
}

function preflight(c: Context): Response {
  return c.body(null, 204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers': c.req.header('access-control-request-headers') ?? '*',
    'access-control-max-age': '86400',
  });
}

async function readLimited(req: Request, max: number): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new RunnelError('payload_too_large', 'The request body is over 512 KB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function toEvent(c: Context, token: string, raw: Buffer): HttpEvent {
  const url = new URL(c.req.url);
  const prefix = `${WEBHOOK_PREFIX}/${token}`;
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
  const bodyRaw = raw.toString('utf8');
  let clientIp = '';
  try {
    clientIp = getConnInfo(c).remote.address ?? '';
  } catch {
    /* not behind node-server (tests) */
  }
  return {
    method: c.req.method,
    path,
    query,
    headers,
    bodyRaw,
    body: parseBody(headers['content-type'] ?? '', bodyRaw),
    url: url.toString(),
    client_ip: clientIp.replace(/^::ffff:/, ''),
  };
}

function parseBody(contentType: string, raw: string): unknown {
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

function toResponse(spec: HttpResponseSpec, extra: Record<string, string>): Response {
  const headers = new Headers(extra);
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers.set(k, v);
  let body: BodyInit | null = null;
  if (typeof spec.body === 'string') body = spec.body;
  else if (spec.body instanceof Uint8Array) body = new Uint8Array(spec.body);
  else if (spec.body !== undefined && spec.body !== null) {
    body = JSON.stringify(spec.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  // 1xx, 204 and 304 answers carry no body.
  const status = spec.status;
  const bodyless = status < 200 || status === 204 || status === 304;
  return new Response(bodyless ? null : body, { status: status < 200 ? 200 : status, headers });
}
