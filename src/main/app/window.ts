import { BrowserWindow, shell } from 'electron';

/** The main window: sandboxed renderer, no Node, navigation kept on the service's origin. */
export function createMainWindow(url: string, preload: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Runnel',
    webPreferences: { preload, contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  const origin = new URL(url).origin;
  win.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url: target }) => {
    if (/^https?:/.test(target)) void shell.openExternal(target);
    return { action: 'deny' };
  });
  win.webContents.session.setPermissionRequestHandler((_wc, _perm, done) => done(false));
  void win.loadURL(url);
  return win;
}
