// The renderer's only bridge to the desktop: named functions, each one IPC call to a handler
// that checks the caller's origin (src/main/app/ipc.ts). Never ipcRenderer itself. Sandboxed
// preload: only `contextBridge` and `ipcRenderer` from electron, bundled to CommonJS.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC } from '../main/app/ipc-channels';

/** What the web UI finds at `window.runnelDesktop` inside the desktop app (absent in a browser). */
export interface RunnelDesktop {
  readonly isDesktop: true;
  /** Opens an http(s) URL in the OS browser; any other scheme is refused. */
  openExternal(url: string): Promise<void>;
  /** Shows the data dir in the OS file manager. */
  revealDataDir(): Promise<void>;
}

const desktop: RunnelDesktop = {
  isDesktop: true,
  openExternal: (url) => ipcRenderer.invoke(IPC.openExternal, String(url)),
  revealDataDir: () => ipcRenderer.invoke(IPC.revealDataDir),
};

contextBridge.exposeInMainWorld('runnelDesktop', desktop);
