// Walls that hold however a component reaches a Node function. The objects a component may
// hold (sockets, agents, servers, file handles) lead through `constructor` and prototypes to
// Node's own classes and to the native methods behind them: a wrapper around https.request
// never sees `Object.getPrototypeOf(agent).createConnection.call(agent, { clientCertEngine })`.
// So the doors that load native code, open a raw descriptor or reach a local socket are
// closed on the shared classes themselves, once per runner, before any component exists. The
// runner never needs them after start-up (its IPC channel is already open).
//
// Closed here:
// - OpenSSL engines, which dlopen() any file: crypto.setEngine, and the two native
//   SecureContext methods every TLS engine option ends in (clientCertEngine; privateKeyEngine
//   with privateKeyIdentifier), whether it came through https.request, an Agent, a Server,
//   tls.connect or new TLSSocket. crypto.setFips switches the whole process. process.dlopen.
// - Raw descriptors: the net.Socket and TLSSocket constructors (options `fd`, `handle`),
//   a TCP handle's open(fd), the FileHandle constructors of fs/promises (JavaScript and native),
//   and a FileHandle whose descriptor was swapped (`[kFd]`, `[kDeserialize]`).
// - The runner's shared http(s).globalAgent: `new (req.constructor)(url)` would send a request
//   through it (each compartment's http module uses an agent of its own).
// - Local sockets: Socket#connect to a path (a unix socket such as docker.sock is the host, not
//   the network) and Server#listen on a path, a descriptor or a handle.
// Not reachable, so not patched: Pipe and TTY handles (no component can make a pipe or tty
// socket once the above hold), UDP (dgram is refused).
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { refusalMessage, refuser, refusingClass, runnelError } from './refusals';

type Obj = Record<PropertyKey, unknown>;
type Fn = (this: unknown, ...args: unknown[]) => unknown;

const NO_ENGINES = 'OpenSSL engines load native code; use the built-in algorithms, or key/cert/pfx options';
const NO_LOCAL_SOCKETS = 'a unix socket or descriptor reaches the host, not the network; use a host and port';

function replace(o: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: false, enumerable: false, configurable: false });
}

function replaceConstructor(proto: object, what: string, instead: string): void {
  const stub = refusingClass(what, instead);
  (stub as unknown as { prototype: object }).prototype = proto; // keeps instanceof working
  Object.defineProperty(proto, 'constructor', { value: stub, writable: true, enumerable: false, configurable: true });
}

/** The first argument of connect/listen as Node normalizes it (an internal call passes [options, cb]). */
function firstArg(args: unknown[]): unknown {
  return Array.isArray(args[0]) ? args[0][0] : args[0];
}

/** Node's rule: a string that is not a non-negative number names a pipe. */
function isPipeName(v: unknown): boolean {
  return typeof v === 'string' && !(Number(v) >= 0);
}

function closeEngines(): void {
  const c = crypto as unknown as Obj;
  c.setEngine = refuser('crypto.setEngine()', NO_ENGINES);
  c.setFips = refuser('crypto.setFips()', 'FIPS mode would switch every component on the runner');
  // The `fips` setter is non-configurable here; components only ever see their copy of crypto,
  // whose `fips` has no setter (copied-modules.ts).
  const native = Object.getPrototypeOf((tls.createSecureContext() as unknown as { context: object }).context) as object;
  replace(native, 'setClientCertEngine', refuser('the TLS option clientCertEngine', NO_ENGINES));
  replace(native, 'setEngineKey', refuser('the TLS options privateKeyEngine and privateKeyIdentifier', NO_ENGINES));
  (process as unknown as Obj).dlopen = refuser('process.dlopen()', 'native addons cannot run in the sandbox');
}

function closeLocalSockets(): void {
  const connect = net.Socket.prototype.connect as unknown as Fn;
  replace(net.Socket.prototype, 'connect', function (this: unknown, ...args: unknown[]) {
    const first = firstArg(args);
    const path = typeof first === 'object' && first !== null ? (first as { path?: unknown }).path : first;
    if (isPipeName(path) || (typeof first === 'object' && first !== null && path !== undefined && path !== null)) {
      throw runnelError(refusalMessage('connecting to a unix socket', NO_LOCAL_SOCKETS));
    }
    return connect.apply(this, args);
  });
  const listen = net.Server.prototype.listen as unknown as Fn;
  replace(net.Server.prototype, 'listen', function (this: unknown, ...args: unknown[]) {
    const first = firstArg(args);
    const o = typeof first === 'object' && first !== null ? (first as Obj) : undefined;
    if (isPipeName(first) || (o && (o.path != null || o.fd != null || o.handle != null || '_handle' in o || typeof o.getsockname === 'function'))) {
      throw runnelError(refusalMessage('listening on a path, a descriptor or a handle', 'listen on a port, e.g. server.listen(0, "127.0.0.1")'));
    }
    return listen.apply(this, args);
  });
}

function closeRawDescriptors(): void {
  const sockets = 'use http, https or fetch';
  replaceConstructor(net.Socket.prototype, 'net.Socket', sockets);
  replaceConstructor(tls.TLSSocket.prototype, 'tls.TLSSocket', sockets);
  replaceConstructor(http.ClientRequest.prototype, 'http.ClientRequest', 'use http.request()');
  // A TCP handle (socket._handle) can adopt any descriptor with open(fd); bind a throwaway one
  // to learn its prototype.
  const handle = (net as unknown as { _createServerHandle: (...a: unknown[]) => unknown })._createServerHandle('127.0.0.1', 0, 4);
  if (typeof handle === 'object' && handle !== null) {
    replace(Object.getPrototypeOf(handle) as object, 'open', refuser('opening a descriptor on a socket handle', sockets));
    (handle as { close(): void }).close();
  }
}

/** Closes the process-wide doors above; call once, before the shared classes are locked. */
export function closeProcessWalls(): void {
  closeEngines();
  closeLocalSockets();
  closeRawDescriptors();
}

/**
 * Seals fs/promises FileHandles, given one (they are only made asynchronously): no component
 * can construct one around a descriptor, and a handle whose descriptor was swapped refuses
 * every operation. Call before the FileHandle prototype is locked.
 */
export function sealFileHandles(sample: object): void {
  const proto = Object.getPrototypeOf(sample) as object;
  const symbol = (name: string) => Object.getOwnPropertySymbols(sample).find((s) => s.description === name);
  const kFd = symbol('kFd');
  const kHandle = symbol('kHandle');
  const native = kHandle ? ((sample as Obj)[kHandle] as object) : undefined;
  const nativeFd = native ? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(native), 'fd')?.get : undefined;
  if (!kFd || !kHandle || !native || !nativeFd) throw new Error('runner: unexpected FileHandle shape; cannot seal it');
  const instead = 'use fs.promises.open() on a path under /tmp';
  replaceConstructor(proto, 'FileHandle', instead);
  replaceConstructor(Object.getPrototypeOf(native) as object, 'FileHandle', instead);
  // Every FileHandle method reads `this.fd`. A genuine handle's descriptor is its native
  // handle's (which only Node can make); anything else was forged or swapped.
  Object.defineProperty(proto, 'fd', {
    get(this: Obj) {
      const fd = this[kFd];
      if (fd === -1) return -1;
      let real: unknown;
      try {
        real = nativeFd.call(this[kHandle]);
      } catch {
        real = undefined;
      }
      if (real !== fd) throw runnelError(refusalMessage('a FileHandle whose descriptor was changed', instead), 'EBADF');
      return fd;
    },
    enumerable: false,
    configurable: false,
  });
}
