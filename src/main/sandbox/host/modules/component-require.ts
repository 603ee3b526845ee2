// `require` inside a compartment: the one place that decides which modules a component gets.
// Allowed built-ins come as per-compartment frozen copies (replacing `createHash` on one
// component's crypto changes nobody else's); modules with state or host reach get
// purpose-built versions (fs, os, timers, http, https); everything else is refused by name.
import { builtinModules, createRequire } from 'node:module';
import { makeComponentFs, type ComponentFs } from './fs-module';
import { makeHttpModule, type HttpModule } from './http-module';
import { libraryStandIn, STAND_IN_PREFIX } from './library-stand-ins';
import { makeOsModule } from './os-module';
import type { CompartmentTimers } from './compartment-timers';
import type { ScratchPaths } from './scratch-paths';

const nodeRequire = createRequire(import.meta.url);

/** Built-ins given as frozen shallow copies of the real module. */
const COPIED = new Set([
  'crypto', 'buffer', 'url', 'querystring', 'stream', 'stream/promises', 'stream/web', 'stream/consumers',
  'events', 'util', 'util/types', 'zlib', 'path', 'path/posix', 'path/win32', 'string_decoder', 'assert',
  'assert/strict',
]);

/**
 * Hook for the npm-bundling feature: given a bare package name, return its exports or
 * undefined. Nothing provides one yet, so every package name is refused with a clear message.
 */
export type PackageResolver = (name: string) => unknown;

export interface RequireDeps {
  scratch: ScratchPaths;
  timers: CompartmentTimers;
  /** The compartment's `process` stand-in, also what `require('process')` returns. */
  process: unknown;
  packages?: PackageResolver;
}

export interface ComponentRequire {
  require: (name: unknown) => unknown;
  dispose(): void;
}

let sharedOs: Readonly<Record<string, unknown>> | undefined;

function frozenCopy(ns: unknown): unknown {
  // events, stream and assert export a function (a class); host-hardening locked it, and
  // `class X extends EventEmitter` needs the function itself, not a copy.
  if (typeof ns === 'function') return ns;
  const o = ns as object;
  return Object.freeze(Object.create(Object.getPrototypeOf(o), Object.getOwnPropertyDescriptors(o)));
}

function requireError(message: string, code: string): Error {
  const err = new Error(`Runnel: ${message}`) as NodeJS.ErrnoException;
  err.code = code;
  return err;
}

/** The `require` of one compartment, with the modules it built cached per name. */
export function makeComponentRequire(deps: RequireDeps): ComponentRequire {
  const cache = new Map<string, unknown>();
  const disposers: (() => void)[] = [];
  let fs: ComponentFs | undefined;
  const http = (kind: 'http' | 'https') => {
    const m: HttpModule = makeHttpModule(kind);
    disposers.push(m.dispose);
    return m.module;
  };

  const build = (name: string): unknown => {
    if (COPIED.has(name)) return frozenCopy(nodeRequire(`node:${name}`));
    switch (name) {
      case 'fs':
      case 'fs/promises':
        fs ??= makeComponentFs(deps.scratch);
        return name === 'fs' ? fs.fs : fs.promises;
      case 'os':
        return (sharedOs ??= makeOsModule());
      case 'timers':
        return deps.timers.module;
      case 'timers/promises':
        // Tracked per compartment, so waits left pending when an invocation ends are cancelled.
        return deps.timers.module.promises;
      case 'http':
      case 'https':
        return http(name);
      case 'process':
        return deps.process;
      default:
        return undefined;
    }
  };

  const require = (specifier: unknown): unknown => {
    if (typeof specifier !== 'string' || specifier === '') {
      throw new TypeError(`require() expects a module name, got ${typeof specifier}`);
    }
    if (specifier.startsWith(STAND_IN_PREFIX)) {
      const standIn = libraryStandIn(specifier.slice(STAND_IN_PREFIX.length));
      if (standIn !== undefined) return standIn;
    }
    const name = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
    const cached = cache.get(name);
    if (cached !== undefined) return cached;
    const mod = build(name);
    if (mod !== undefined) {
      cache.set(name, mod);
      return mod;
    }
    if (builtinModules.includes(name) || specifier.startsWith('node:')) {
      throw requireError(`the "${name}" module is not available to components`, 'ERR_RUNNEL_MODULE_REFUSED');
    }
    if (name.startsWith('.') || name.startsWith('/')) {
      throw requireError(`a component is a single file; require("${specifier}") is not supported`, 'MODULE_NOT_FOUND');
    }
    const pkg = deps.packages?.(name);
    if (pkg !== undefined) {
      cache.set(name, pkg);
      return pkg;
    }
    // MODULE_NOT_FOUND keeps `try { require('optional-dep') } catch` patterns working.
    throw requireError(`npm packages are not supported yet (the component requires "${name}")`, 'MODULE_NOT_FOUND');
  };

  return {
    require,
    dispose: () => {
      for (const d of disposers.splice(0)) d();
    },
  };
}
