// A realm of its own for a component whose code (in practice: an npm package bundled into it,
// such as sugar) changes JavaScript's built-ins while it loads. Every Compartment shares the
// runner's intrinsics, which lockdown() froze so that no component can change another's
// `Array.prototype`; such a package fails there ("Cannot define property x, object is not
// extensible"). In a fresh realm (node:vm) the component has intrinsics of its own to extend,
// and nobody else sees them. What it gets from the runner is the same as in a Compartment (its
// globals and its module table), and those objects still lead only to the runner's frozen
// intrinsics, where `Function.prototype.constructor` is SES's inert one. See the sandbox README.
import vm from 'node:vm';

/** A load error that says the code changed a frozen built-in (V8's TypeError messages). */
export function changedFrozenBuiltin(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  return /object is not extensible|Cannot redefine property|read[ -]only property|Cannot delete property|Cannot freeze|Cannot seal/.test(err.message);
}

// SES refuses `import(` in source; in a Compartment its evasion option turns it into
// `__import__(`, the component's working dynamic import. The same rewrite here keeps the two
// modes alike (and vm would otherwise refuse import() for want of a loader).
const IMPORT_CALL = /\bimport(\s*\()/g;

/** Evaluates `wrapper` (the CommonJS wrapper) in a new realm whose global holds `globals`. */
export function evaluateInOwnRealm(name: string, globals: Record<string, unknown>, wrapper: string): unknown {
  // Date and Math are the realm's own: they work there (SES removes Date.now and Math.random
  // only from Compartments, which is why those get the runner's), and packages extend them too.
  const { Date: _date, Math: _math, ...rest } = globals;
  const sandbox = Object.assign(Object.create(null) as Record<string, unknown>, rest, { harden });
  // Wasm stays off, as in a Compartment; Function and indirect eval work within the realm.
  const context = vm.createContext(sandbox, { name, codeGeneration: { strings: true, wasm: false } });
  const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
  global.global = global;
  // Strict, as SES evaluates everything: a write to a frozen object of the runner's throws
  // instead of failing silently. On the wrapper's first line, so line numbers stay the same.
  return vm.runInContext(`'use strict'; ${wrapper.replace(IMPORT_CALL, '__import__$1')}`, context, { filename: 'component.js' });
}
