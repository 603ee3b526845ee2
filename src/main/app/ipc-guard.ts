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
 * The UI is one page at `/` with hash routes (`/#/sources/dc_abc`); the one-time sign-in link is
 * `/?token=…`. Other paths of the origin are not the UI: `/e/…` answers webhooks with whatever a
 * component chooses (HTML included), `/v1/…` is the API.
 */
const UI_PATHS = new Set(['/', '/index.html']);

/**
 * True when `url` is the service's own UI page: same scheme, host and port as `origin`, and the
 * UI's path. Used for IPC senders (a frame navigated elsewhere, a webhook response, a
 * data:/file:/about:blank frame or an unknown URL is refused) and for in-window navigation.
 */
export function isTrustedSender(senderUrl: string | undefined, origin: string): boolean {
  const want = originOf(origin);
  if (want === undefined || originOf(senderUrl) !== want) return false;
  return UI_PATHS.has(new URL(senderUrl!).pathname);
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
