// The building blocks of runner message validation. A runner is treated like a peer on the
// network: every field is checked for its type and size before the main process uses it, and
// the first field that does not fit throws a ProtocolViolation naming it.

/** A message that breaks the runner protocol; the runner that sent it is killed. */
export class ProtocolViolation extends Error {}

export type Obj = Record<string, unknown>;

export function violation(problem: string): never {
  throw new ProtocolViolation(problem);
}

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? `a ${Object.prototype.toString.call(v).slice(8, -1)}` : `a ${typeof v}`;
}

/** A plain object (what v8.deserialize makes of `{...}`); Maps, Dates, arrays are not. */
export function obj(v: unknown, field: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) violation(`${field} is not an object (${kind(v)})`);
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) violation(`${field} is not a plain object (${kind(v)})`);
  return v as Obj;
}

export function str(v: unknown, field: string, maxChars = Infinity): string {
  if (typeof v !== 'string') violation(`${field} is not a string (${kind(v)})`);
  if (v.length > maxChars) violation(`${field} has ${v.length} characters, over ${maxChars}`);
  return v;
}

export function optStr(v: unknown, field: string, maxChars = Infinity): string | undefined {
  return v === undefined ? undefined : str(v, field, maxChars);
}

export function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) violation(`${field} is not an integer from ${min} to ${max} (${typeof v === 'number' ? v : kind(v)})`);
  return v;
}

export function finite(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) violation(`${field} is not a finite number (${typeof v === 'number' ? v : kind(v)})`);
  return v;
}

export function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') violation(`${field} is not a boolean (${kind(v)})`);
  return v;
}

export function arr(v: unknown, field: string): unknown[] {
  if (!Array.isArray(v)) violation(`${field} is not an array (${kind(v)})`);
  return v;
}

/** An object of strings (headers, params). */
export function stringMap(v: unknown, field: string): Record<string, string> {
  const o = obj(v, field);
  for (const k in o) str(o[k], `${field}["${k.slice(0, 64)}"]`);
  return o as Record<string, string>;
}

/** A key the main process stores values under: "__proto__" would replace a prototype there. */
export function safeKey(k: unknown, field: string): string {
  const key = str(k, field);
  if (key === '__proto__') violation(`${field} is "__proto__"`);
  return key;
}

/**
 * Bytes of `v` as JSON; a violation when it has no JSON form (BigInt, cycles, a bare
 * undefined) or is deeper than JSON.stringify can walk.
 */
export function jsonBytes(v: unknown, field: string): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch (err) {
    violation(`${field} is not JSON-serializable (${(err as Error).message})`);
  }
  if (json === undefined) violation(`${field} is not JSON-serializable (${kind(v)})`);
  return Buffer.byteLength(json, 'utf8');
}

/** Checks that `v` has a JSON form (undefined allowed when `optional`). */
export function jsonValue(v: unknown, field: string, optional = false): void {
  if (optional && v === undefined) return;
  jsonBytes(v, field);
}
