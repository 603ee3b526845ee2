// `this.<httpProp>` for `$.interface.http`: the endpoint URL and respond(), which validates the
// response and sends it to the main process at once (the caller is waiting on it; run() may
// go on working after answering).
import type { HttpResponseSpec } from '../../protocol';

export interface HttpInterface {
  endpoint: string;
  respond(spec: unknown): void;
}

function status(v: unknown): number {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 100 || n > 599) {
    throw new TypeError(`respond(): status must be an integer from 100 to 599, got ${JSON.stringify(v) ?? String(v)}`);
  }
  return n;
}

function headers(v: unknown): Record<string, string> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new TypeError('respond(): headers must be an object of strings');
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === 'string') out[k] = val;
    else if (typeof val === 'number' || typeof val === 'boolean') out[k] = String(val);
    else throw new TypeError(`respond(): header "${k}" must be a string, got ${Array.isArray(val) ? 'array' : typeof val}`);
  }
  return out;
}

function body(v: unknown): unknown {
  if (v === undefined || v === null || typeof v === 'string') return v ?? undefined;
  if (v instanceof Uint8Array) return new Uint8Array(v); // a Buffer arrives as a plain Uint8Array
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch (err) {
    throw new TypeError(`respond(): body must be a string, Buffer or JSON-serializable value (${(err as Error).message})`);
  }
  if (json === undefined) throw new TypeError(`respond(): body must be a string, Buffer or JSON-serializable value, got ${typeof v}`);
  return JSON.parse(json);
}

/** The value of a `$.interface.http` prop for one invocation. */
export function makeHttpInterface(endpoint: string, send: (response: HttpResponseSpec) => void): HttpInterface {
  let responded = false;
  return Object.freeze({
    endpoint,
    respond(spec: unknown) {
      if (responded) throw new Error('respond() was already called for this request; an HTTP request gets one response');
      if (typeof spec !== 'object' || spec === null) throw new TypeError('respond() expects an object like { status: 200, body: "ok" }');
      const s = spec as Record<string, unknown>;
      const response: HttpResponseSpec = { status: status(s.status) };
      const h = headers(s.headers);
      if (h) response.headers = h;
      const b = body(s.body);
      if (b !== undefined) response.body = b;
      responded = true;
      send(response);
    },
  });
}
