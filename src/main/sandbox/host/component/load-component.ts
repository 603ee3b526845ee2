// Evaluates a component's compiled CommonJS in a fresh Compartment with the runner's
// endowments (or, when its code changes built-ins at load, in a realm of its own) and returns
// the component object it exports.
import { makeComponentConsole, type LineSink } from '../globals/component-console';
import { makeEndowments } from '../globals/endowments';
import { describeThrown } from '../globals/readable-errors';
import { makeProcessShim } from '../globals/process-shim';
import { makeCompartmentTimers } from '../modules/compartment-timers';
import { makeComponentRequire, type PackageResolver } from '../modules/component-require';
import { packageCaller } from '../modules/package-caller';
import { changedFrozenBuiltin, evaluateInOwnRealm } from './own-realm';
import { makeCompartmentPerformance } from '../modules/perf-hooks-stand-in';
import { scratchPaths, VIRTUAL_ROOT } from '../modules/scratch-paths';
import { scriptNameFor, WRAPPER_PREFIX } from './source-maps';

export type ComponentObject = Record<string, unknown>;

export interface LoadOptions {
  code: string;
  instanceId: string;
  /** What `/tmp` maps to; undefined refuses all fs access (inspection). */
  scratchDir: string | undefined;
  /** Where console output and process.stdout/stderr writes of this compartment go. */
  sink: LineSink;
  packages?: PackageResolver;
  /** The project's environment variables at load (module code may read them). */
  env?: Record<string, string>;
}

export interface LoadedComponent {
  component: ComponentObject;
  /** Refills `process.env` (before each invocation: the project's variables may have changed). */
  setEnv(vars: Record<string, string> | undefined): void;
  /** Cancels the compartment's pending timers (an invocation ended); returns how many. */
  cancelTimers(): number;
  /** Stops the compartment's timers and closes its pooled sockets. */
  dispose(): void;
}

/**
 * Builds a compartment for `code` and evaluates it; throws what the module threw (explained).
 * Code that changes a frozen built-in while it loads is loaded again in a realm of its own
 * (own-realm.ts), with everything else built afresh.
 */
export function loadComponent(o: LoadOptions): LoadedComponent {
  try {
    return loadIn('compartment', o);
  } catch (err) {
    if (!changedFrozenBuiltin(err)) throw err;
    return loadIn('own realm', o);
  }
}

function loadIn(mode: 'compartment' | 'own realm', o: LoadOptions): LoadedComponent {
  const reportUncaught = (err: unknown) => o.sink('stderr', `Uncaught ${describeThrown(err)}`);
  // The bundle's script name: stack frames name it, mapStack finds its source map by it.
  const scriptName = scriptNameFor(o.code);
  const timers = makeCompartmentTimers(reportUncaught);
  let env: Readonly<Record<string, string>> = {};
  const setEnv = (vars: Record<string, string> | undefined) => {
    env = Object.freeze({ ...vars, PD_COMPONENT: o.instanceId });
  };
  setEnv(o.env);
  const proc = makeProcessShim({ env: () => env, sink: o.sink, onUncaught: reportUncaught });
  const performance = makeCompartmentPerformance();
  const req = makeComponentRequire({
    scratch: scratchPaths(o.scratchDir),
    timers,
    process: proc,
    performance,
    packages: o.packages,
    callerIsPackage: packageCaller(o.code, scriptName),
  });
  const dispose = () => {
    timers.dispose();
    req.dispose();
  };
  try {
    const globals = makeEndowments({ console: makeComponentConsole(o.sink), process: proc, timers, performance });
    // SES refuses source text containing `import(`; evaluation rewrites it to `__import__(`,
    // which this turns into a working dynamic import of allowed modules.
    globals.__import__ = (specifier: unknown) => Promise.resolve().then(() => namespaceOf(req.require(specifier)));
    // The wrapper shares the first line with the code so stack line numbers match it; the
    // script name lets mapStack find this bundle's source map.
    const wrapper = `${WRAPPER_PREFIX}${o.code}\n})\n//# sourceURL=${scriptName}`;
    const name = `component ${o.instanceId}`;
    const fn = (mode === 'compartment' ? evaluateInCompartment(name, globals, wrapper) : evaluateInOwnRealm(name, globals, wrapper)) as (...a: unknown[]) => void;
    const module = { exports: {} as unknown };
    fn.call(module.exports, req.require, module, module.exports, `${VIRTUAL_ROOT}/component.js`, VIRTUAL_ROOT);
    return { component: pickComponent(module.exports), setEnv, cancelTimers: () => timers.cancelPending(), dispose };
  } catch (err) {
    dispose();
    throw explainLoadError(err);
  }
}

function evaluateInCompartment(name: string, globals: Record<string, unknown>, wrapper: string): unknown {
  const compartment = new Compartment({ __options__: true, name, globals: globals as unknown as Map<string, unknown> });
  compartment.globalThis.global = compartment.globalThis;
  return compartment.evaluate(wrapper, { __evadeImportExpressionTest__: true } as never);
}

function pickComponent(ex: unknown): ComponentObject {
  const e = ex as { __esModule?: boolean; default?: unknown } | null | undefined;
  const comp = e && e.__esModule ? e.default : e?.default && typeof e.default === 'object' ? e.default : e;
  if (typeof comp !== 'object' || comp === null || Array.isArray(comp)) {
    throw new TypeError('The module does not export a component object (use `export default { ... }` or `module.exports = { ... }`)');
  }
  return comp as ComponentObject;
}

function namespaceOf(mod: unknown): unknown {
  if ((mod as { __esModule?: boolean } | null)?.__esModule) return mod;
  return Object.freeze({ ...(mod as object), default: mod });
}

const SES_HINTS: [string, string][] = [
  ['SES_HTML_COMMENT_REJECTED', 'The component contains "<!--" or "-->", which the sandbox refuses even inside strings; split the text (e.g. "<" + "!--")'],
  ['SES_EVAL_REJECTED', 'The component calls eval() directly, which the sandbox does not support; use (0, eval)(...) or new Function'],
];

function explainLoadError(err: unknown): unknown {
  const message = err instanceof Error ? err.message : '';
  const hint = SES_HINTS.find(([code]) => message.includes(code));
  if (!hint) return err;
  const where = /:(\d+)\. \(SES_/.exec(message);
  const e = new SyntaxError(`${hint[1]}${where ? ` (line ${where[1]})` : ''}`);
  return e;
}
