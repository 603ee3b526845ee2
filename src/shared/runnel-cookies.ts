// The cookies Runnel itself sets on the web UI's host. Webhooks are served on that same host,
// and browsers scope cookies by host, not port: so a webhook request from a signed-in browser
// carries them, and a component's answer could set them. Neither may reach or come from a
// component (issue 14, item 3).

/** The web UI's session cookie (server/sessions.ts). */
export const SESSION_COOKIE = 'runnel_session';

/** Every cookie name Runnel sets; a new one must be added here. */
const RUNNEL_COOKIES = new Set([SESSION_COOKIE]);

/**
 * Whether `name` is one of Runnel's cookies, compared as loosely as any browser or server might:
 * case-insensitive, blanks trimmed, with or without a `__Host-`/`__Secure-` prefix.
 */
export function isRunnelCookie(name: string): boolean {
  return RUNNEL_COOKIES.has(
    name
      .trim()
      .toLowerCase()
      .replace(/^__(host|secure)-/, ''),
  );
}

/** The name of a `name=value` pair (the whole text when it has no `=`, to err on dropping). */
const nameOf = (pair: string) => {
  const eq = pair.indexOf('=');
  return eq === -1 ? pair : pair.slice(0, eq);
};

/** A request's `Cookie` header without Runnel's cookies; undefined when nothing is left. */
export function withoutRunnelCookies(header: string): string | undefined {
  const pairs = header.split(';');
  const kept = pairs.filter((p) => !isRunnelCookie(nameOf(p)));
  if (kept.length === pairs.length) return header;
  const out = kept.map((p) => p.trim()).filter(Boolean);
  return out.length ? out.join('; ') : undefined;
}

/**
 * Response headers without any `Set-Cookie` (of any letter case, one value or several) that
 * would set one of Runnel's cookies; `dropped` names the cookies refused.
 */
export function withoutRunnelSetCookies<V extends string | string[]>(headers: Record<string, V>): { headers: Record<string, V>; dropped: string[] } {
  const dropped: string[] = [];
  let out: Record<string, V> | undefined;
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== 'set-cookie') continue;
    const values = Array.isArray(v) ? v : [v];
    const kept = values.filter((one) => {
      const name = nameOf(String(one).split(';')[0]).trim();
      if (!isRunnelCookie(name)) return true;
      dropped.push(name);
      return false;
    });
    if (kept.length === values.length) continue;
    out ??= { ...headers };
    if (kept.length === 0) delete out[k];
    else out[k] = (Array.isArray(v) ? kept : kept[0]) as V;
  }
  return { headers: out ?? headers, dropped };
}
