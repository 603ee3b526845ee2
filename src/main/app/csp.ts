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
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'";

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

/**
 * The response headers with `policy` added when none of them already sets a CSP (header names
 * are case-insensitive). A policy the service sent is left alone: it is the same one.
 */
export function withCsp(headers: ResponseHeaders | undefined, policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k] = Array.isArray(v) ? v : [v];
  if (!Object.keys(out).some((k) => k.toLowerCase() === 'content-security-policy')) out['Content-Security-Policy'] = [policy];
  return out;
}
