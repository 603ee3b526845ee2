import type { IncomingMessage, ServerResponse } from 'node:http';
import { RunnelError } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import type { Logger } from '../logger';
import type { HttpAnswer, HttpDelivery, HttpRequestFacts } from '../domain/http';
import { withoutRunnelCookies, withoutRunnelSetCookies } from '../../shared/runnel-cookies';
import { deliveryAnswer } from './delivery-answer';
import { mapError } from './error-mapper';

export const WEBHOOK_PREFIX = '/e';

const CORS = { 'access-control-allow-origin': '*' };
/** The answer to every accepted request, headers included, built once (the hot path). */
const ACCEPTED = '{"success":true}';
const ACCEPTED_HEADERS = ['content-type', 'application/json', 'access-control-allow-origin', '*', 'content-length', String(ACCEPTED.length)];

/** Whoever owns webhook tokens (services/webhook-service.ts: sources and workflows). */
export interface WebhookTarget {
  isBusy(token: string): boolean;
  deliver(token: string, request: HttpRequestFacts): Promise<HttpDelivery>;
}

export function isWebhookPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${WEBHOOK_PREFIX}/`);
}

/**
 * Public webhook ingress: `/e/<token>[/any/path]`. No API key and any Host header (a tunnel
 * may forward here); the 22-character random token is what keeps endpoints unguessable.
 * This is the hot path, so it works on node:http directly rather than through the router.
 */
export function webhookListener(target: WebhookTarget, logger: Logger, baseUrl: () => string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(target, baseUrl, req, res).catch((err) => {
      const m = mapError(err, logger, `${req.method} ${WEBHOOK_PREFIX}/…`);
      // Stop reading an oversized body; the answer still goes out.
      if (m.status === 413) req.resume();
      send(res, m.status, { 'content-type': 'application/json', ...CORS, ...m.headers }, JSON.stringify(m.body));
    });
  };
}

async function handle(target: WebhookTarget, baseUrl: () => string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = webhookUrl(req.url ?? '/', baseUrl());
  const rest = url.pathname.slice(WEBHOOK_PREFIX.length + 1);
  const slash = rest.indexOf('/');
  const token = slash === -1 ? rest : rest.slice(0, slash);
  if (req.method === 'OPTIONS') return preflight(req, res);
  if (Number(req.headers['content-length'] ?? 0) > LIMITS.webhookBodyBytes) {
    throw new RunnelError('payload_too_large', 'The request body is over 512 KB');
  }
  if (target.isBusy(token)) throw new RunnelError('too_many_requests', 'This source has too many requests waiting; retry later');
  const raw = await readLimited(req, LIMITS.webhookBodyBytes);
  const delivery = await target.deliver(token, requestFacts(req, url, slash === -1 ? '/' : rest.slice(slash), raw));
  if (delivery.kind === 'accepted') {
    if (!res.headersSent) res.writeHead(200, ACCEPTED_HEADERS).end(ACCEPTED);
  } else {
    writeSpec(res, deliveryAnswer(delivery));
  }
}

/** A path the URL parser would leave as it is: letters, digits, `_`, `-` and `/`, no query. */
const PLAIN_PATH = /^\/e\/[A-Za-z0-9_\-/]*$/;
let lastOrigin = { base: '', origin: '' };

/** The request's full URL and path, as `new URL(raw, base)` gives them (without building one for a plain path: the hot path). */
export function webhookUrl(raw: string, base: string): { href: string; pathname: string } {
  if (PLAIN_PATH.test(raw)) {
    if (lastOrigin.base !== base) lastOrigin = { base, origin: new URL(base).origin };
    return { href: lastOrigin.origin + raw, pathname: raw };
  }
  const url = new URL(raw, base);
  return { href: url.toString(), pathname: url.pathname };
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  send(res, 204, {
    ...CORS,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '86400',
  });
}

/** The request body, refused (413) past `max` bytes. */
export function readLimited(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        req.resume();
        reject(new RunnelError('payload_too_large', 'The request body is over 512 KB'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What a component may see of a public request (Runnel's own cookies removed). */
export function requestFacts(req: IncomingMessage, url: { href: string }, path: string, raw: Buffer): HttpRequestFacts {
  return { method: req.method ?? 'GET', url: url.href, path, headers: headersOf(req), bodyRaw: raw.toString('utf8'), clientIp: clientIpOf(req) };
}

/** Node joins repeated headers with `, ` except Set-Cookie (a list) and Cookie (`; `). */
function headersOf(req: IncomingMessage): Record<string, string> {
  const all = req.headers;
  // The common case needs no copy: nothing to join and no cookie to filter.
  if (all.cookie === undefined && all['set-cookie'] === undefined) return all as Record<string, string>;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) {
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  // A signed-in browser sends the web UI's session cookie to webhooks too (same host): the
  // component must never see it, nor store it in an event. The user's other cookies stay.
  if (headers.cookie !== undefined) {
    const kept = withoutRunnelCookies(headers.cookie);
    if (kept === undefined) delete headers.cookie;
    else headers.cookie = kept;
  }
  return headers;
}

function clientIpOf(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

const ANSWER_SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-downloads';

function writeSpec(res: ServerResponse, spec: HttpAnswer): void {
  const headers: Record<string, string | string[]> = { ...CORS };
  // The runtime already dropped (and logged) a Set-Cookie of Runnel's cookies; this is the last
  // line before the wire, whatever produced the answer.
  for (const [k, v] of Object.entries(withoutRunnelSetCookies(spec.headers ?? {}).headers)) headers[k.toLowerCase()] = v;
  // Component answers share the web UI's origin. A sandbox policy gives any page among them an
  // opaque origin, so it can never act with the UI's session cookie (its scripts still run).
  // A policy the component sent itself is kept as a second one: both apply.
  headers['content-security-policy'] = [ANSWER_SANDBOX, ...[headers['content-security-policy'] ?? []].flat()];
  headers['x-content-type-options'] = 'nosniff';
  let body: string | Uint8Array | undefined;
  if (typeof spec.body === 'string' || spec.body instanceof Uint8Array) body = spec.body;
  else if (spec.body !== undefined && spec.body !== null) {
    body = JSON.stringify(spec.body);
    headers['content-type'] ??= 'application/json';
  }
  // A final answer cannot be 1xx; 204 and 304 carry no body.
  const status = spec.status < 200 ? 200 : spec.status;
  send(res, status, headers, status === 204 || status === 304 ? undefined : body);
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: string | Uint8Array): void {
  if (res.headersSent) return;
  // The body's true length, whatever a component said: framing is Runnel's. With it, node:http
  // writes the head and the body in one write instead of a chunked writev (the hot path).
  for (const k of Object.keys(headers)) if (/^(content-length|transfer-encoding)$/i.test(k)) delete headers[k];
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(status, headers);
  res.end(body);
}
