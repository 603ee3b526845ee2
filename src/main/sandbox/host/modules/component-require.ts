// `require` and `import()` inside a compartment: the one table that decides which modules a
// component gets. The same decision holds for the component's own code and for the npm
// packages bundled into it, and for literal, computed and dynamic names: they share one bundle
// and one scope, so anything a package could reach its importer could too. There is no hidden
// name: the wall is that everything reachable is harmless.
// - copies: a per-compartment frozen copy built from an allow-list (copied-modules.ts);
// - purpose-built: fs, fs/promises, os, timers, timers/promises, http, https, process;
// - stand-ins: net, tls, http2 (helpers only), async_hooks, perf_hooks, diagnostics_channel,
//   tty, each holding nothing that reaches the runner or another component;
// - load-safe stand-ins for npm packages only (child_process, worker_threads, cluster, dns, v8,
//   inspector: load-safe-stand-ins.ts), so SDKs that load them at import work; the
//   component's own code is refused them, as it is everything else (vm, module, ...).
import { builtinModules, createRequire } from 'node:module';
import { makeAsyncHooks } from './async-hooks-stand-in';
import { copyModule, COPIED_MODULES, type CopyContext } from './copied-modules';
import { loadSafeStandIn, LOAD_SAFE_MODULES } from './load-safe-stand-ins';
import { makeDiagnosticsChannel } from './diagnostics-channel-stand-in';
import { makeComponentFs, type ComponentFs } from './fs-module';
import { makeHttpModule, type HttpModule } from './http-module';
import { makeOsModule } from './os-module';
import { makePerfHooks } from './perf-hooks-stand-in';
import { runnelError } from './refusals';
import { socketStandIn, SOCKET_MODULES } from './socket-stand-ins';
import { TTY_STAND_IN } from './tty-stand-in';
import type { CompartmentTimers } from './compartment-timers';
import type { ScratchPaths } from './scratch-paths';

const nodeRequire = createRequire(import.meta.url);

/**
 * Hook for the npm-bundling feature: given a bare package name, return its exports or
 * undefined. Nothing provides one yet (packages are bundled at save), so every package name
 * is refused with a clear message.
 */
export type PackageResolver = (name: string) => unknown;

interface ProcessLike {
  nextTick(fn: () => void): void;
  emitWarning(warning: unknown): void;
}

export interface RequireDeps {
  scratch: ScratchPaths;
  timers: CompartmentTimers;
  /** The compartment's `process` stand-in, also what `require('process')` returns. */
  process: unknown;
  /** The compartment's `performance` (the global), also `require('perf_hooks').performance`. */
  performance: unknown;
  packages?: PackageResolver;
  /** Whether the current `require` call comes from a bundled npm package (package-caller.ts). */
  callerIsPackage?: () => boolean;
}

export interface ComponentRequire {
  require: (name: unknown) => unknown;
  dispose(): void;
}

/** What one compartment's modules are built from. */
interface Builders {
  deps: RequireDeps;
  copy: CopyContext;
  fs(): ComponentFs;
  http(kind: 'http' | 'https'): unknown;
  onError(err: unknown): void;
}

let sharedOs: Readonly<Record<string, unknown>> | undefined;

/** The table: every module a compartment can get, and how it is built. */
const TABLE: Readonly<Record<string, (b: Builders) => unknown>> = {
  ...Object.fromEntries(COPIED_MODULES.map((name) => [name, (b: Builders) => copyModule(name, nodeRequire(`node:${name}`), b.copy)])),
  ...Object.fromEntries(SOCKET_MODULES.map((name) => [name, () => socketStandIn(name)])),
  fs: (b) => b.fs().fs,
  'fs/promises': (b) => b.fs().promises,
  os: () => (sharedOs ??= makeOsModule()),
  timers: (b) => b.deps.timers.module,
  // Tracked per compartment, so waits left pending when an invocation ends are cancelled.
  'timers/promises': (b) => b.deps.timers.module.promises,
  http: (b) => b.http('http'),
  https: (b) => b.http('https'),
  process: (b) => b.deps.process,
  async_hooks: () => makeAsyncHooks(),
  perf_hooks: (b) => makePerfHooks(b.deps.performance),
  diagnostics_channel: (b) => makeDiagnosticsChannel(b.onError),
  tty: () => TTY_STAND_IN,
};

/** Node modules whose real exports (or parts of them) reach compartments through the table. */
export const MODULES_REACHING_COMPARTMENTS: readonly string[] = [...COPIED_MODULES, ...SOCKET_MODULES, 'http', 'https', 'async_hooks', 'fs', 'os'];

/** The `require` of one compartment, with the modules it built cached per name. */
export function makeComponentRequire(deps: RequireDeps): ComponentRequire {
  const cache = new Map<string, unknown>();
  const disposers: (() => void)[] = [];
  const proc = deps.process as ProcessLike;
  let fs: ComponentFs | undefined;
  const builders: Builders = {
    deps,
    copy: { warn: (message) => proc.emitWarning(message) },
    fs: () => (fs ??= makeComponentFs(deps.scratch)),
    http: (kind) => {
      const m: HttpModule = makeHttpModule(kind);
      disposers.push(m.dispose);
      return m.module;
    },
    // As Node does with a throwing subscriber: report it later, in the component's log.
    onError: (err) =>
      proc.nextTick(() => {
        throw err;
      }),
  };

  const require = (specifier: unknown): unknown => {
    if (typeof specifier !== 'string' || specifier === '') {
      throw new TypeError(`require() expects a module name, got ${typeof specifier}`);
    }
    const name = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
    // Asked before the cache: a package's stand-in must not become the component's answer.
    if (LOAD_SAFE_MODULES.includes(name) && deps.callerIsPackage?.()) {
      const standIn = cache.get(`package:${name}`) ?? loadSafeStandIn(name);
      cache.set(`package:${name}`, standIn);
      return standIn;
    }
    const cached = cache.get(name);
    if (cached !== undefined) return cached;
    const build = Object.hasOwn(TABLE, name) ? TABLE[name] : undefined;
    if (build) {
      const mod = build(builders);
      cache.set(name, mod);
      return mod;
    }
    // Built-ins, `node:` names and any other `scheme:` name (there are no hidden ones).
    if (builtinModules.includes(name) || specifier.startsWith('node:') || /^[\w.+-]+:/.test(specifier)) {
      throw runnelError(`the "${name}" module is not available to components`, 'ERR_RUNNEL_MODULE_REFUSED');
    }
    if (name.startsWith('.') || name.startsWith('/')) {
      throw runnelError(`a component is a single file; require("${specifier}") is not supported`, 'MODULE_NOT_FOUND');
    }
    const pkg = deps.packages?.(name);
    if (pkg !== undefined) {
      cache.set(name, pkg);
      return pkg;
    }
    // MODULE_NOT_FOUND keeps `try { require('optional-dep') } catch` patterns working.
    throw runnelError(`npm packages are not supported yet (the component requires "${name}")`, 'MODULE_NOT_FOUND');
  };

  return {
    require,
    dispose: () => {
      for (const d of disposers.splice(0)) d();
    },
  };
}
