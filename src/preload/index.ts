// The renderer's only bridge to the desktop: named, data-only values. Never ipcRenderer itself.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('runnelDesktop', { isDesktop: true });
