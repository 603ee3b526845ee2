import { BrowserWindow } from 'electron';

/**
 * The main window: sandboxed renderer without Node, isolated preload. Navigation, new windows,
 * webviews and permissions are refused for every web contents by app/hardening.ts.
 */
export function createMainWindow(url: string, preload: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Runnel',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // Middle-click would otherwise open links through a path that skips will-navigate.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  void win.loadURL(url);
  return win;
}
