// The Node objects every compartment can reach (module functions, classes, global
// constructors) exist once per runner and are shared by all the components on it. lockdown()
// froze the JavaScript intrinsics but not these, so without this step component A could
// replace `Hash.prototype.digest` or `EventEmitter.prototype.emit` and watch or change what
// component B does, or hijack the runner's own IPC (process is an EventEmitter).
//
// We cannot simply harden() them: Node assigns instance fields that its prototypes also
// define (`this._events = ...`), which throws once the prototype property is read-only (the
// "override mistake"). So we lock them the way lockdown's overrideTaming locks intrinsics:
// prototype data properties become getter/setter pairs whose setter defines an own property on
// the instance; other data properties become read-only; objects other than functions stop
// accepting new properties. Functions stay extensible because Node caches things on them
// (util.promisify defines `promisify.custom` on the function it returns).
//
// Known residual risk: a non-configurable writable property on a prototype cannot be converted
// (EventEmitter.prototype[kCapture] is one, so a component can flip captureRejections for all
// emitters); objects only reachable at run time from instances we did not anticipate stay
// mutable.
import { createRequire } from 'node:module';
import { SHARED_GLOBAL_NAMES } from './globals/endowments';
import { MODULES_REACHING_COMPARTMENTS } from './modules/component-require';
import { sealFsStreamConstructors } from './modules/fs-streams';
import { closeProcessWalls, sealFileHandles } from './modules/process-walls';

const nodeRequire = createRequire(import.meta.url);
const locked = new WeakSet<object>();
const residual: PropertyKey[] = [];

type Obj = Record<PropertyKey, unknown>;

function isObjectLike(v: unknown): v is object {
  return (typeof v === 'object' || typeof v === 'function') && v !== null;
}

function lockDataProperty(o: Obj, key: PropertyKey, d: PropertyDescriptor, isPrototype: boolean): void {
  if (isPrototype && d.configurable) {
    const value = d.value;
    Object.defineProperty(o, key, {
      get: () => value,
      set(this: object, v: unknown) {
        if (this === o) throw new TypeError(`Cannot assign to read only property '${String(key)}' of a shared host object`);
        Object.defineProperty(this, key, { value: v, writable: true, enumerable: d.enumerable, configurable: true });
      },
      enumerable: d.enumerable,
      configurable: false,
    });
  } else if (isPrototype && d.writable && !d.configurable) {
    residual.push(key);
  } else if (d.writable || d.configurable) {
    Object.defineProperty(o, key, { writable: false, configurable: false });
  }
}

/** Locks `root` and everything reachable from it through own properties and prototypes. */
export function tamperProof(root: unknown, opts: { preventFunctionExtensions?: boolean } = {}): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const o = stack.pop();
    if (!isObjectLike(o) || locked.has(o) || Object.isFrozen(o)) continue;
    locked.add(o);
    const isPrototype = typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, 'constructor');
    stack.push(Object.getPrototypeOf(o));
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (!d) continue;
      if ('value' in d) {
        stack.push(d.value);
        lockDataProperty(o as Obj, key, d, isPrototype);
      } else {
        stack.push(d.get, d.set);
        if (d.configurable) Object.defineProperty(o, key, { configurable: false });
      }
    }
    if (typeof o !== 'function' || (o === root && opts.preventFunctionExtensions)) Object.preventExtensions(o);
  }
}

/** Locks what a module exports without locking the module object (compartments get copies). */
function tamperProofExports(ns: unknown): void {
  if (typeof ns === 'function') {
    // events, stream and assert export a function: that function is what compartments get.
    tamperProof(ns, { preventFunctionExtensions: true });
    return;
  }
  if (!isObjectLike(ns)) return;
  for (const key of Reflect.ownKeys(ns)) {
    const d = Object.getOwnPropertyDescriptor(ns, key);
    if (!d) continue;
    // Lazy exports (fs.ReadStream, fs.promises, crypto.webcrypto) are getters; their values
    // reach compartments all the same.
    const value = 'value' in d ? d.value : (d.get?.call(ns) as unknown);
    if (!isAgent(value)) tamperProof(value);
  }
}

function isAgent(v: unknown): boolean {
  // http(s).globalAgent holds per-connection state that Node mutates; compartments get their
  // own agents instead (see modules/http-module.ts), so the shared ones are never handed out.
  const http = nodeRequire('node:http') as typeof import('node:http');
  return v instanceof http.Agent;
}

/** Modules whose classes reach compartments directly or through instances (sockets, streams). */
const SHARED_MODULES = [...new Set([...MODULES_REACHING_COMPARTMENTS, 'net', 'tls'])];

let done = false;

/**
 * Locks the shared Node surface once per runner. Call after lockdown() and before the first
 * compartment exists. Returns the property keys that could not be locked (for diagnostics).
 */
export function hardenHostSurface(): PropertyKey[] {
  if (done) return residual;
  done = true;
  closeProcessWalls();
  sealFsStreamConstructors();
  const g = globalThis as unknown as Obj;
  // Reading lazy globals here also replaces Node's lazy getters with the real objects.
  for (const name of SHARED_GLOBAL_NAMES) tamperProof(g[name]);
  tamperProof((g.crypto as Crypto).subtle);
  tamperProof(g.CryptoKey); // reached through the keys webcrypto hands out
  for (const name of SHARED_MODULES) tamperProofExports(nodeRequire(`node:${name}`));
  return residual;
}

/** Locks prototypes only reachable through instances Node creates asynchronously. */
export async function hardenInstancePrototypes(): Promise<void> {
  const fsp = nodeRequire('node:fs/promises') as typeof import('node:fs/promises');
  const os = nodeRequire('node:os') as typeof import('node:os');
  // FileHandle is not exported; fs/promises.open() gives one to components.
  const handle = await fsp.open(os.devNull, 'r');
  sealFileHandles(handle);
  tamperProof(Object.getPrototypeOf(handle));
  await handle.close();
}
