// Checks shared by the capabilities a step's `$` offers: values that must cross the process
// boundary (V8's structured clone, then kept as JSON), and objects of strings such as headers.

/** What a value is, for error messages ("array", "null", "function", ...). */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * A copy of `value` taken now, so later mutation by the component changes nothing recorded;
 * throws a TypeError starting with `what` when the value cannot cross to the main process.
 */
export function copyOf(value: unknown, what: string): unknown {
  try {
    const copy = structuredClone(value);
    // The main process keeps these as JSON and refuses what has no JSON form (a BigInt, a cycle).
    JSON.stringify(copy);
    return copy;
  } catch (err) {
    throw new TypeError(`${what} cannot be copied to the main process; use plain data (${(err as Error).message})`);
  }
}

/** A plain (non-array) object, or undefined for null/undefined; anything else is refused. */
export function optionalObject(v: unknown, prefix: string, field: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${prefix}: ${field} must be an object, got ${kindOf(v)}`);
  return v as Record<string, unknown>;
}

/** An object of strings (numbers and booleans become strings); undefined when not given. */
export function stringRecord(v: unknown, prefix: string, field: string): Record<string, string> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${prefix}: ${field} must be an object of strings, got ${kindOf(v)}`);
  // Null prototype: a "__proto__" key is stored as an entry instead of replacing the
  // prototype; the spread below keeps it as an own property of a plain object.
  const out = Object.create(null) as Record<string, string>;
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === 'string') out[k] = val;
    else if (typeof val === 'number' || typeof val === 'boolean') out[k] = String(val);
    else throw new TypeError(`${prefix}: ${field}["${k}"] must be a string, got ${kindOf(val)}`);
  }
  return { ...out };
}

/** A deep copy that the component cannot change (typed arrays stay writable: they cannot be frozen). */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const key of Reflect.ownKeys(v)) deepFreeze((v as Record<PropertyKey, unknown>)[key]);
  return v;
}

const MB = 1024 * 1024;

/** A size in MB as a component reads it: "2.1 MB", "1 MB" for a whole number of MB. */
export function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
