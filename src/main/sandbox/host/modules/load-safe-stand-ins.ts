// Built-ins that popular SDKs load at import time and use only on paths a component rarely
// takes: google-auth-library (child_process, for the gcloud CLI), AWS credential providers
// (child_process), prom-client (cluster), nodemailer, pg and mongodb (dns), pino and Sentry
// (worker_threads, inspector, v8). A package gets a stand-in so that it loads; every function
// and class in it throws a clear error when called, so the stand-in opens nothing. Plain data
// (constants, `isMainThread`, `cluster.isPrimary`) is the real value, read once.
import { createRequire } from 'node:module';
import { refuser, refusingClass } from './refusals';

const nodeRequire = createRequire(import.meta.url);

/** What a component should do instead, per module (said in every refusal). */
const INSTEAD: Readonly<Record<string, string>> = {
  child_process: 'run the program outside Runnel and reach it over HTTP',
  worker_threads: 'do the work in the component itself (it runs on one thread)',
  cluster: 'a component runs in one process; use more sources or workflows to spread work',
  dns: 'use http, https or fetch, which resolve host names themselves',
  v8: "the runner's engine is shared with other components; measure time and memory on your machine with runnel/testing",
  inspector: 'debug the component on your machine with runnel/testing',
};

/** Names of the built-ins that npm packages (not components) get as load-safe stand-ins. */
export const LOAD_SAFE_MODULES: readonly string[] = Object.keys(INSTEAD);

/** The frozen stand-in of one of LOAD_SAFE_MODULES (undefined for any other name). */
export function loadSafeStandIn(name: string): unknown {
  const instead = INSTEAD[name];
  if (!instead) return undefined;
  return standIn(name, nodeRequire(`node:${name}`) as Record<string, unknown>, instead, 1);
}

function standIn(path: string, real: Record<string, unknown>, instead: string, depth: number): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(real)) {
    if (key.startsWith('_')) continue;
    const value = real[key];
    const what = `${path}.${key}`;
    if (typeof value === 'function') out[key] = /^[A-Z]/.test(key) ? refusingClass(what, instead) : refuser(`${what}()`, instead);
    else if (value === null || (typeof value !== 'object' && typeof value !== 'function')) out[key] = value;
    // Objects of functions (`dns.promises`, `inspector.console`): refusals one level down.
    else if (depth > 0 && Object.getPrototypeOf(value) === Object.prototype) out[key] = standIn(what, value as Record<string, unknown>, instead, depth - 1);
  }
  return Object.freeze(out);
}
