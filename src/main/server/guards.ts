import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { RunnelError } from '../../shared/errors';
import { SESSION_COOKIE, type Sessions } from './sessions';

/**
 * Refuses requests whose Host header is not one of the service's own names, so a web page
 * on a rebinding DNS name cannot reach the API through the user's browser.
 */
export function hostGuard(allowedHosts: () => Set<string>): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (!allowedHosts().has(host)) {
      throw new RunnelError('forbidden_host', `Host "${host}" is not allowed; use 127.0.0.1 or localhost, or start with --allowed-host`);
    }
    await next();
  };
}

/**
 * Requires `Authorization: Bearer <api key>` (compared in constant time), or — for the web UI —
 * its session cookie on a request that proves it comes from the Runnel page (`fromOwnPage`).
 */
export function bearerAuth(apiKey: () => string, sessions?: Sessions): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!m && sessions && sessions.isSession(getCookie(c, SESSION_COOKIE))) {
      if (fromOwnPage(c.req.header('host'), c.req.header('sec-fetch-site'), c.req.header('origin'))) return next();
      throw new RunnelError(
        'forbidden',
        'The session cookie is accepted only on requests from the Runnel page itself (Sec-Fetch-Site: same-origin, or an Origin that is this service); scripts send "Authorization: Bearer <key>"',
      );
    }
    if (!m && header.trim() !== '') throw new RunnelError('unauthorized', 'Authorization must be "Bearer <key>" (the word Bearer, a space, then the key)');
    if (!m) throw new RunnelError('unauthorized', 'Missing API key: send "Authorization: Bearer <key>"');
    if (!sameSecret(m[1].trim(), apiKey())) throw new RunnelError('unauthorized', 'Wrong API key');
    await next();
  };
}

/**
 * Whether a cookie request comes from the service's own page. Browsers set `Sec-Fetch-Site` and
 * `Origin` and no page can forge them; a request with neither is not from a browser page at all
 * but from a script replaying a cookie it got hold of (a component reading a webhook's headers,
 * say), so it is refused too. Either proof must hold when sent: a same-origin fetch may carry an
 * Origin, and it must then be this service as the request addressed it (the Host guard has
 * already checked that Host is one of the service's own names).
 */
export function fromOwnPage(host: string | undefined, site: string | undefined, origin: string | undefined): boolean {
  if (site === undefined && origin === undefined) return false;
  if (site !== undefined && site !== 'same-origin') return false;
  if (origin === undefined) return true;
  const h = (host ?? '').toLowerCase();
  return h !== '' && (origin.toLowerCase() === `http://${h}` || origin.toLowerCase() === `https://${h}`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The Host values a service on `port` answers to: its loopback names with the port, plus each
 * `--allowed-host` as given and, when it has no port, with the port added.
 */
export function ownHosts(port: number, extra: string[]): Set<string> {
  const out = new Set(['127.0.0.1', 'localhost', '[::1]'].map((n) => `${n}:${port}`));
  for (const raw of extra) {
    const h = raw.trim().toLowerCase();
    if (!h) continue;
    out.add(h);
    if (!/:\d+$/.test(h)) out.add(`${h}:${port}`);
  }
  return out;
}

/**
 * Where a service bound to `bindHost:port` is reached: the URL it shows (a wildcard bind shows
 * 127.0.0.1; an IPv6 address is bracketed) and the Host values it answers to, that shown name
 * included.
 */
export function publicAddress(bindHost: string, port: number, extra: string[]): { url: string; hosts: Set<string> } {
  const shown = bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const hosts = ownHosts(port, extra);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(shown)) hosts.add(`${shown}:${port}`);
  return { url: `http://${shown}:${port}`, hosts };
}
