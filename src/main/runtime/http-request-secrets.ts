// The secrets inside an `http_request` value: `auth.password` and `auth.token` are sealed at
// rest, masked in answers and scrubbed from logs like secret string props (runtime/secrets.ts).
const SECRET_AUTH_FIELDS = ['password', 'token'] as const;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` with each secret auth string replaced by `fn(string)`; anything else is returned as is. */
export function mapRequestSecrets(value: unknown, fn: (s: string) => string): unknown {
  if (!isObject(value) || !isObject(value.auth)) return value;
  let auth: Obj | undefined;
  for (const f of SECRET_AUTH_FIELDS) {
    const s = value.auth[f];
    if (typeof s !== 'string') continue;
    const next = fn(s);
    if (next !== s) (auth ??= { ...value.auth })[f] = next;
  }
  return auth ? { ...value, auth } : value;
}

/** The secret auth strings of a value (for scrubbing logs). */
export function requestSecrets(value: unknown): string[] {
  const out: string[] = [];
  mapRequestSecrets(value, (s) => (out.push(s), s));
  return out;
}

/**
 * Seals the secret auth strings of a request value. The mask keeps the previous (sealed)
 * value; empty strings and `{{steps.…}}` expressions stay as they are.
 */
export function sealRequestSecrets(value: unknown, previous: unknown, o: { seal(s: string): string; isSealed(s: string): boolean; mask: string }): unknown {
  const prev = isObject(previous) && isObject(previous.auth) ? previous.auth : {};
  if (!isObject(value) || !isObject(value.auth)) return value;
  const auth: Obj = { ...value.auth };
  for (const f of SECRET_AUTH_FIELDS) {
    const s = auth[f];
    if (typeof s !== 'string' || s === '' || o.isSealed(s) || s.includes('{{')) continue;
    auth[f] = s === o.mask && typeof prev[f] === 'string' ? prev[f] : o.seal(s);
  }
  return { ...value, auth };
}
