// npm packages bundled into a component (axios, follow-redirects, proxy agents, ...) load
// `net`, `tls` and `http2` at import time, mostly for helpers and constants; they open raw
// sockets only in paths a component does not take (proxies, HTTP/2). The bundler points their
// imports at these stand-ins (`runnel:net`, ...), while a component's own `require("net")`
// stays refused. Anything that would open a socket or a server throws a clear error.
import { createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);

export { STAND_IN_PREFIX } from '../../protocol';

function refuse(what: string): () => never {
  return () => {
    throw new Error(`Runnel: ${what} is not available to components; use http, https or fetch`);
  };
}

function refusingClass(what: string): new () => never {
  return class {
    constructor() {
      throw new Error(`Runnel: ${what} is not available to components; use http, https or fetch`);
    }
  } as unknown as new () => never;
}

/** Real, side-effect-free exports to keep; everything else becomes a refusal. */
const KEEP: Record<string, string[]> = {
  net: ['isIP', 'isIPv4', 'isIPv6'],
  tls: ['checkServerIdentity', 'rootCertificates', 'DEFAULT_ECDH_CURVE', 'DEFAULT_MIN_VERSION', 'DEFAULT_MAX_VERSION', 'DEFAULT_CIPHERS', 'getCiphers'],
  http2: ['constants', 'getDefaultSettings', 'getPackedSettings', 'getUnpackedSettings', 'sensitiveHeaders'],
};

/** Modules harmless enough to hand to packages as they are (a frozen copy). */
const PASS_THROUGH = new Set(['async_hooks', 'perf_hooks', 'diagnostics_channel', 'punycode', 'tty']);

export function libraryStandIn(name: string): unknown {
  if (PASS_THROUGH.has(name)) {
    const real = nodeRequire(`node:${name}`) as object;
    return Object.freeze(Object.create(Object.getPrototypeOf(real), Object.getOwnPropertyDescriptors(real)));
  }
  const keep = KEEP[name];
  if (!keep) return undefined;
  const real = nodeRequire(`node:${name}`) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(real)) {
    if (keep.includes(key)) out[key] = real[key];
    else if (/^[A-Z]/.test(key) && typeof real[key] === 'function') out[key] = refusingClass(`${name}.${key}`);
    else if (typeof real[key] === 'function') out[key] = refuse(`${name}.${key}()`);
  }
  return Object.freeze(out);
}

