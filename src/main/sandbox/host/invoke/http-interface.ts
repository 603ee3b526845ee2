// `this.<httpProp>` for `$.interface.http`: the endpoint URL and respond(), which validates the
// response and sends it to the main process at once (the caller is waiting on it; run() may
// go on working after answering). A workflow step's `$.respond` validates the same way.
import type { HttpResponseSpec } from '../../../domain/invocations';
import { stringRecord } from './value-checks';

export interface HttpInterface {
  endpoint: string;
  respond(spec: unknown): void;
}

function status(v: unknown, prefix: string): number {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 100 || n > 599) {
    throw new TypeError(`${prefix}: status must be an integer from 100 to 599, got ${JSON.stringify(v) ?? String(v)}`);
  }
  return n;
}

function body(v: unknown, prefix: string): unknown {
  if (v === undefined || v === null || typeof v === 'string') return v ?? undefined;
  if (v instanceof Uint8Array) return new Uint8Array(v); // a Buffer arrives as a plain Uint8Array
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch (err) {
    throw new TypeError(`${prefix}: body must be a string, Buffer or JSON-serializable value (${(err as Error).message})`);
  }
  if (json === undefined) throw new TypeError(`${prefix}: body must be a string, Buffer or JSON-serializable value, got ${typeof v}`);
  return JSON.parse(json);
}

/**
 * Validates a `{ status, headers, body }` response; errors start with `prefix` (the call the
 * component made, e.g. `respond()` or `$.respond`).
 */
export function parseResponse(spec: unknown, prefix: string): HttpResponseSpec {
  if (typeof spec !== 'object' || spec === null) throw new TypeError(`${prefix}: expects an object like { status: 200, body: "ok" }`);
  const s = spec as Record<string, unknown>;
  const response: HttpResponseSpec = { status: status(s.status, prefix) };
  const h = stringRecord(s.headers, prefix, 'headers');
  if (h) response.headers = h;
  const b = body(s.body, prefix);
  if (b !== undefined) response.body = b;
  return response;
}

/** The value of a `$.interface.http` prop for one invocation. */
export function makeHttpInterface(endpoint: string, send: (response: HttpResponseSpec) => void): HttpInterface {
  let responded = false;
  return Object.freeze({
    endpoint,
    respond(spec: unknown) {
      if (responded) throw new Error('respond() was already called for this request; an HTTP request gets one response');
      const response = parseResponse(spec, 'respond()');
      responded = true;
      send(response);
    },
  });
}
