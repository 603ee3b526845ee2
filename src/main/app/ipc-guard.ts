/**
 * Who may call the desktop's IPC handlers, and which URLs may leave the app. Pure: no electron,
 * tested under plain Node (tests/unit/electron-ipc-guard.test.ts).
 */

/** The origin of `url`, or undefined when it has none we trust (unparseable, opaque `null`). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/**
 * True when an IPC message comes from a frame showing the service's own UI: same scheme, host
 * and port as `origin`. A page navigated elsewhere, a data:/file:/about:blank frame, or a frame
 * whose URL is unknown is refused.
 */
export function isTrustedSender(senderUrl: string | undefined, origin: string): boolean {
  const want = originOf(origin);
  return want !== undefined && originOf(senderUrl) === want;
}

/** True for a URL the desktop may hand to the OS browser: http(s) with a host, nothing else. */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2048) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}
