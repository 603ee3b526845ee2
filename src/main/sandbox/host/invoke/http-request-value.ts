// `this.<prop>` for an `http_request` prop: the configured request, readable (`this.req.url`,
// `this.req.headers`, …) and hardened, with `execute()` to perform it. `execute` is not
// enumerable, so the value still copies, logs and exports as its plain config.
import { HTTP_REQUEST_TYPE, normalizeHttpRequest } from '../../../../shared/http-request';
import { resolvePropDefinition } from '../component/prop-definitions';
import { executeHttpRequest } from './http-request-execute';

/** A prop definition's type, through a `propDefinition` and the string shorthand. */
export function isHttpRequestDef(def: unknown): boolean {
  if (typeof def === 'string') return def === HTTP_REQUEST_TYPE;
  return resolvePropDefinition(def).def.type === HTTP_REQUEST_TYPE;
}

/**
 * The component's view of a configured request. A value that is not a valid config (only
 * possible at configuration time, before the service validated it) is given as it is.
 */
export function makeHttpRequestValue(value: unknown): unknown {
  const r = normalizeHttpRequest(value);
  if (!r.ok) return value;
  const config = r.value;
  const out = structuredClone(config) as unknown as Record<string, unknown>;
  Object.defineProperty(out, 'execute', { value: () => executeHttpRequest(config), enumerable: false });
  return harden(out);
}
