import { shell, type Session, type WebContents } from 'electron';
import { UI_CSP, withCsp } from './csp';
import { isSafeExternalUrl, isTrustedSender } from './ipc-guard';

/**
 * Session-wide rules for the app's one session: every permission (camera, notifications,
 * clipboard, …) refused, and a CSP header on any response of the service's origin that lacks
 * one (the service sends it too; this covers a response that forgot).
 */
export function hardenSession(session: Session, origin: string): void {
  session.setPermissionRequestHandler((_wc, _permission, done) => done(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, UI_CSP) });
  });
}

/**
 * Rules for every web contents the app creates: navigation stays on the service's origin, no
 * new windows (http(s) links go to the OS browser instead), no <webview>.
 */
export function hardenContents(contents: WebContents, origin: string): void {
  contents.on('will-navigate', (event, target) => {
    if (!isTrustedSender(target, origin)) event.preventDefault();
  });
  contents.on('will-redirect', (event, target) => {
    if (!isTrustedSender(target, origin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
