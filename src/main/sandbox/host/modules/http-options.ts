// The options a component passes to http(s) requests, agents and servers, checked before Node
// sees them. Node hands them on to TLS, where an engine option (clientCertEngine,
// privateKeyEngine, privateKeyIdentifier) makes OpenSSL dlopen() a file, and to net, where
// socketPath connects to a unix socket (docker.sock is the host, not the network). The
// process-wide walls (process-walls.ts) stop both however they are reached; this check gives
// the clear error where the component made the call.
import { refusalMessage, runnelError } from './refusals';

type Obj = Record<string, unknown>;

function isEngineOption(key: string): boolean {
  return /engine$/i.test(key) || key === 'privateKeyIdentifier';
}

/**
 * A plain copy of `opts` (every enumerable property, own or inherited, read once, so a getter
 * cannot answer differently when Node reads it), or `opts` itself when it is not an options
 * object. Throws when an option would load an OpenSSL engine or reach a unix socket.
 */
export function checkedOptions(opts: unknown, where: string): unknown {
  if (typeof opts !== 'object' || opts === null || opts instanceof URL) return opts;
  const copy: Obj = {};
  for (const key in opts) copy[key] = (opts as Obj)[key];
  for (const key of Object.keys(copy)) {
    if (isEngineOption(key) && copy[key] !== undefined && copy[key] !== null) {
      throw runnelError(refusalMessage(`the ${where} option ${key}`, 'OpenSSL engines load native code; pass key, cert or pfx instead'));
    }
  }
  if (copy.socketPath !== undefined && copy.socketPath !== null) {
    throw runnelError(refusalMessage(`the ${where} option socketPath`, 'a unix socket reaches the host, not the network; use a host and port'));
  }
  return copy;
}

/** request/get/ClientRequest arguments `(url | options, options?, callback?)` with the options checked. */
export function checkedRequestArgs(args: unknown[], where: string): unknown[] {
  const out = [...args];
  const i = typeof out[0] === 'string' || out[0] instanceof URL ? 1 : 0;
  out[i] = checkedOptions(out[i], where);
  return out;
}
