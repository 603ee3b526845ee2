/**
 * The UI's Content-Security-Policy, enforced three times: by the service's header
 * (server/static-ui.ts, which must stay equal: tests/unit/electron-csp.test.ts), by a <meta> in
 * the built index.html, and by the Electron session for any response of the app's origin that
 * arrives without one. Pure: no electron, tested under plain Node.
 *
 * 'unsafe-inline' styles stay because CodeMirror and xterm inject <style> elements; scripts are
 * the bundle's module files only.
 */
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * What the desktop session adds to webhook responses (`/e/…`): their body and headers are chosen
 * by component code, so a page among them must never run as the UI's origin (cookie, IPC).
 */
export const WEBHOOK_CSP = "sandbox; default-src 'none'";

/** Directives a browser ignores (and warns about) when the policy comes from a <meta> element. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as it may appear in `<meta http-equiv="Content-Security-Policy">`. */
export function metaCsp(policy: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !HEADER_ONLY.has(d.split(/\s+/)[0].toLowerCase()))
    .join('; ');
}

export type ResponseHeaders = Record<string, string | string[]>;

const CSP_HEADER = 'content-security-policy';

/** Headers as Electron's webRequest wants them: every value an array. */
function normalize(headers: ResponseHeaders | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k] = Array.isArray(v) ? [...v] : [v];
  return out;
}

/**
 * The response headers with `policy` added when none of them already sets a CSP (header names
 * are case-insensitive). A policy the service sent is left alone: it is the same one.
 */
export function withCsp(headers: ResponseHeaders | undefined, policy: string): Record<string, string[]> {
  const out = normalize(headers);
  if (!Object.keys(out).some((k) => k.toLowerCase() === CSP_HEADER)) out[CSP_HEADER] = [policy];
  return out;
}

/**
 * The response headers with `policy` enforced on top of any the response carries: a browser
 * applies every CSP it receives, so an added one can only restrict.
 */
export function addCsp(headers: ResponseHeaders | undefined, policy: string): Record<string, string[]> {
  const out = normalize(headers);
  const key = Object.keys(out).find((k) => k.toLowerCase() === CSP_HEADER) ?? CSP_HEADER;
  out[key] = [...(out[key] ?? []), policy];
  return out;
}
