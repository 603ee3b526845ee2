// The Python runner's JavaScript realm, made harmless for what Python could reach through the
// interpreter's JavaScript bridge if it got past the prelude's refusals: Node's modules the
// interpreter asks for by name are stand-ins (no processes, no sockets), code cannot be made
// from strings, and the shared intrinsics are frozen, so one step cannot plant code that a later
// step (of another workflow) would run. Node's permission model (the OS wall) is the next wall.
import { createRequire } from 'node:module';
import { constants as fsConstants } from 'node:fs';

const nodeRequire = createRequire(import.meta.url);

function refused(what: string): never {
  throw new Error(`Runnel: ${what} is not available to Python steps`);
}

/**
 * What the interpreter's generated code gets when it asks Node for a module by name: a
 * child_process whose `spawnSync` answers "no shell" (os.system then returns 127 instead of
 * running anything) and a `ws` that cannot connect (a socket fails with an OSError); the rest
 * (fs, crypto, path, which it reads its own files and random bytes with) as they are. Its code
 * is CommonJS (Node's `Module._load`) and its ES module loader takes `globalThis.require`.
 */
export function installNodeStandIns(): void {
  const standIns: Record<string, unknown> = {
    child_process: Object.freeze({ spawnSync: () => ({ status: 127, signal: null, stdout: null, stderr: null }) }),
    ws: Object.freeze(function WebSocket() {
      refused('a socket');
    }),
  };
  const nodeModule = nodeRequire('node:module') as { _load(request: string, ...rest: unknown[]): unknown };
  const load = nodeModule._load;
  nodeModule._load = function (this: unknown, request: string, ...rest: unknown[]) {
    const name = request.replace(/^node:/, '');
    return Object.hasOwn(standIns, name) ? standIns[name] : load.call(this, request, ...rest);
  };
  const table: Record<string, unknown> = { fs: nodeRequire('node:fs'), crypto: nodeRequire('node:crypto'), path: nodeRequire('node:path'), ...standIns };
  const require = (name: string): unknown => (Object.hasOwn(table, name) ? table[name] : refused(`the "${name}" module`));
  Object.defineProperty(globalThis, 'require', { value: Object.freeze(require), writable: false, configurable: false });
  // Pyodide's file system layer reads the O_* flags through process.binding, which the
  // permission model refuses; these are the same constants.
  const binding = (name: string): unknown => (name === 'constants' ? { fs: fsConstants } : refused(`process.binding("${name}")`));
  Object.defineProperty(process, 'binding', { value: binding, writable: false, configurable: false });
}

const INTRINSICS: readonly unknown[] = [
  Object, Function, Array, String, Number, Boolean, Symbol, BigInt, Date, RegExp, Error, TypeError, RangeError,
  SyntaxError, ReferenceError, EvalError, URIError, Promise, Map, Set, WeakMap, WeakSet, WeakRef, JSON, Math, Reflect,
  ArrayBuffer, SharedArrayBuffer, DataView, Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
  Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, Atomics, WebAssembly,
  Object.getPrototypeOf(Uint8Array), Object.getPrototypeOf([][Symbol.iterator]()), Object.getPrototypeOf(function* () {}),
  Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(async function* () {}),
];

/**
 * A frozen prototype's data property would make `instance.name = x` throw in strict code (the
 * "override mistake"), which Node's and Pyodide's own code do: the property becomes an
 * accessor whose setter gives the instance its own property, as SES's override taming does.
 */
function overridable(o: object, key: string | symbol, value: unknown): void {
  Object.defineProperty(o, key, {
    get: () => value,
    set(this: object, v: unknown) {
      if (this === o) refused(`changing a built-in (${String(key)})`);
      Object.defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true });
    },
    enumerable: Object.getOwnPropertyDescriptor(o, key)!.enumerable,
    configurable: false,
  });
}

/**
 * Each fresh interpreter's generated code marks the built-in functions it imports with their
 * WebAssembly signature (`Math.cbrt.sig = "dd"`) again: the same value is accepted, no other.
 */
function sameValueOnly(o: object, key: string, value: unknown): void {
  Object.defineProperty(o, key, {
    get: () => value,
    set: (v: unknown) => {
      if (v !== value) refused(`changing a built-in (${key})`);
    },
    configurable: false,
  });
}

/**
 * Once the interpreter is loaded: Function, AsyncFunction, GeneratorFunction and
 * AsyncGeneratorFunction refuse to make code (every JavaScript object leads to one through
 * `.constructor`), and the intrinsics with their prototypes are frozen.
 */
export function closeRealm(): void {
  const inert = function () {
    refused('making JavaScript code from a string');
  };
  for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    const proto = Object.getPrototypeOf(f) as object;
    Object.defineProperty(proto, 'constructor', { value: inert, writable: false, configurable: false });
  }
  Object.defineProperty(globalThis, 'eval', { value: inert, writable: false, configurable: false });
  const seen = new Set<unknown>();
  const freeze = (o: unknown): void => {
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) return;
    seen.add(o);
    // Only prototypes' properties are inherited and so overridden; a constructor's own (such
    // as Error.stackTraceLimit, which V8 reads as data) stay plain.
    const isPrototype = Object.hasOwn(o, 'constructor') && typeof o !== 'function';
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key)!;
      if ('value' in d) {
        freeze(d.value);
        if (isPrototype && d.writable && d.configurable) overridable(o, key, d.value);
        else if (key === 'sig' && typeof o === 'function') sameValueOnly(o, key, d.value);
      } else {
        freeze(d.get);
        freeze(d.set);
      }
    }
    Object.freeze(o);
    freeze(Object.getPrototypeOf(o));
  };
  for (const i of INTRINSICS) freeze(i);
}
