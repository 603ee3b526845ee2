// `net`, `tls` and `http2` for components and the npm packages bundled into them. Packages
// (axios, follow-redirects, proxy agents, ...) load them at import time, mostly for helpers and
// constants, and open raw sockets only in paths a component does not take (proxies, HTTP/2).
// Pure helpers and constants are the real ones; everything that would open a socket or a
// server, or change a process-wide default, throws a clear error.
import { createRequire } from 'node:module';
import { refuser, refusingClass } from './refusals';

const nodeRequire = createRequire(import.meta.url);

const INSTEAD = 'use http, https or fetch';

/** Real, side-effect-free exports to keep; every other function becomes a refusal. */
const KEEP: Readonly<Record<string, readonly string[]>> = {
  net: ['isIP', 'isIPv4', 'isIPv6', 'BlockList', 'SocketAddress'],
  tls: [
    'checkServerIdentity', 'rootCertificates', 'getCiphers', 'convertALPNProtocols', 'DEFAULT_ECDH_CURVE', 'DEFAULT_MIN_VERSION',
    'DEFAULT_MAX_VERSION', 'DEFAULT_CIPHERS', 'CLIENT_RENEG_LIMIT', 'CLIENT_RENEG_WINDOW',
  ],
  http2: ['constants', 'getDefaultSettings', 'getPackedSettings', 'getUnpackedSettings', 'sensitiveHeaders'],
};

/** Names of the socket modules given as stand-ins. */
export const SOCKET_MODULES: readonly string[] = Object.keys(KEEP);

/** The frozen stand-in of `net`, `tls` or `http2` (undefined for any other name). */
export function socketStandIn(name: string): unknown {
  const keep = KEEP[name];
  if (!keep) return undefined;
  const real = nodeRequire(`node:${name}`) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(real)) {
    // Read once: tls.DEFAULT_* are plain data on the real module, and a setter would be global.
    const value = real[key];
    if (keep.includes(key)) out[key] = value;
    else if (/^[A-Z]/.test(key) && typeof value === 'function') out[key] = refusingClass(`${name}.${key}`, INSTEAD);
    else if (typeof value === 'function') out[key] = refuser(`${name}.${key}()`, INSTEAD);
  }
  return Object.freeze(out);
}
