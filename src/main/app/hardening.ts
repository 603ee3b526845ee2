import { shell, type Session, type WebContents } from 'electron';
import { addCsp, UI_CSP, WEBHOOK_CSP, withCsp } from './csp';
import { isWebhookPath } from '../server/webhooks';
import { isSafeExternalUrl, isTrustedSender } from './ipc-guard';

/**
 * Session-wide rules for the app's one session: every permission (camera, notifications,
 * clipboard, …) refused, and a CSP on every response of the service's origin: the UI's policy
 * where a response lacks one (the service sends it too; this covers one that forgot), and a
 * sandboxing policy on top of whatever a webhook response (`/e/…`, written by component code)
 * carries.
 */
export function hardenSession(session: Session, origin: string): void {
  session.setPermissionRequestHandler((_wc, _permission, done) => done(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    const webhook = isWebhookPath(new URL(details.url).pathname);
    callback({ responseHeaders: webhook ? addCsp(details.responseHeaders, WEBHOOK_CSP) : withCsp(details.responseHeaders, UI_CSP) });
  });
}

/**
 * Rules for every web contents the app creates: navigation stays on the UI page (not even a
 * webhook response of the same origin), no new windows (http(s) links go to the OS browser
 * instead), no <webview>.
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
