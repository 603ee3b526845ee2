// Builds `this` for one invocation: configured prop values, interface props, bound methods and
// $emit (sources only: a workflow step sends events with `$.send.emit`). A fresh object each
// time, so nothing a run() stores on `this` leaks into the next. Configuration-time calls
// (sandbox/host/configure) get the same `this` without interfaces and $emit.
import type { InterfaceValue, InvokeRequest } from '../../../domain/invocations';
import type { ComponentObject } from '../component/load-component';
import { isHttpRequestDef, makeHttpRequestValue } from './http-request-value';
import { unconnectedAuth } from './unconnected-auth';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

export interface InstanceParts {
  /** Absent for a workflow step, whose `this` has no `$emit`. */
  emit?: (event: unknown, meta?: unknown) => void;
  /** Builds the value of one interface prop (http, timer, db). */
  iface(name: string, value: InterfaceValue): unknown;
}

function functionsOf(o: unknown): [string, Fn][] {
  if (typeof o !== 'object' || o === null) return [];
  return Object.entries(o).filter((e): e is [string, Fn] => typeof e[1] === 'function');
}

/**
 * An app prop's configured value, with the methods its definition declares bound to it. A
 * `$auth` of null (no connected account) becomes an empty `$auth` that refuses credential reads.
 */
function appValue(name: string, value: unknown, def: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const methods = functionsOf((def as { methods?: unknown } | null)?.methods);
  const unconnected = (value as { $auth?: unknown }).$auth === null;
  if (methods.length === 0 && !unconnected) return value;
  const app: Record<string, unknown> = { ...(value as object) };
  if (unconnected) {
    const slug = (def as { app?: unknown }).app;
    app.$auth = unconnectedAuth(name, typeof slug === 'string' ? slug : name);
  }
  for (const [name, fn] of methods) app[name] = fn.bind(app);
  return app;
}

/**
 * `this` with the component's methods bound to it and the configured prop values (app props
 * with their methods): what every call on a component sees, configuration-time calls included.
 */
export function configuredInstance(comp: ComponentObject, props: Record<string, unknown>): Record<string, unknown> {
  const self: Record<string, unknown> = {};
  for (const [name, fn] of functionsOf(comp.methods)) self[name] = fn.bind(self);
  const defs = (typeof comp.props === 'object' && comp.props !== null ? comp.props : {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(props)) {
    const def = defs[name] as { type?: unknown } | undefined;
    self[name] = def && typeof def === 'object' && def.type === 'app' ? appValue(name, value, def) : value;
    if (isHttpRequestDef(def)) self[name] = makeHttpRequestValue(value);
  }
  return self;
}

/** The `this` of one run() or hook call. */
export function buildInstance(comp: ComponentObject, request: InvokeRequest, parts: InstanceParts): Record<string, unknown> {
  const self = configuredInstance(comp, request.props);
  for (const [name, value] of Object.entries(request.interfaces)) self[name] = parts.iface(name, value);
  if (parts.emit) self.$emit = parts.emit;
  return self;
}
