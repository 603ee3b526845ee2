// Makes errors print in component logs. Under lockdown (overrideTaming 'severe'), Error
// prototypes' `constructor` is an accessor, and Node's util.inspect, which looks for a data
// property there, prints any Error as `{}`. We cannot change the frozen prototypes, so
// console arguments are rewritten before formatting: each Error (also inside plain objects and
// arrays) becomes a stand-in whose custom inspect prints what Node would: the stack, then the
// error's own properties and cause.
import { inspect, types, type InspectOptions } from 'node:util';
import { mapStack } from '../component/source-maps';

const MAX_DEPTH = 6;

type Inspect = typeof inspect;

function errorText(err: Error, options: InspectOptions, inspectFn: Inspect): string {
  let stack: unknown;
  try {
    stack = err.stack;
  } catch {
    stack = undefined;
  }
  let text = typeof stack === 'string' && stack !== '' ? mapStack(stack) : `${String(err.name)}: ${String(err.message)}`;
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(err)) {
    if (key !== 'stack' && key !== 'message') extra[key] = readable((err as unknown as Record<string, unknown>)[key], 1, new Set([err]));
  }
  if (Object.prototype.hasOwnProperty.call(err, 'cause')) extra['[cause]'] = readable(err.cause, 1, new Set([err]));
  if (Object.keys(extra).length > 0) text += ` ${inspectFn(extra, options)}`;
  return text;
}

function standIn(err: Error): object {
  return {
    [inspect.custom]: (_depth: number, options: InspectOptions, inspectFn: Inspect) => errorText(err, options, inspectFn ?? inspect),
  };
}

function isPlainContainer(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** `value` with its errors replaced by stand-ins; unchanged (same object) if it has none. */
export function readable(value: unknown, depth = 0, seen = new Set<unknown>()): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (types.isNativeError(value)) return standIn(value as Error);
  if (depth >= MAX_DEPTH || seen.has(value) || !isPlainContainer(value) || types.isProxy(value)) return value;
  seen.add(value);
  let changed = false;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
  for (const key of Object.keys(value)) {
    const before = (value as Record<string, unknown>)[key];
    const after = readable(before, depth + 1, seen);
    if (after !== before) changed = true;
    (copy as Record<string, unknown>)[key] = after;
  }
  seen.delete(value);
  return changed ? copy : value;
}

/** One thrown value as a log line (used for errors thrown by timer callbacks). */
export function describeThrown(err: unknown): string {
  return types.isNativeError(err) ? errorText(err as Error, {}, inspect) : inspect(readable(err));
}
