import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC } from './ipc-channels';
import { isSafeExternalUrl, isTrustedSender } from './ipc-guard';

export interface DesktopVerbs {
  /** The service's origin: only frames showing it may call the handlers. */
  origin: string;
  dataDir: string;
}

/**
 * The desktop verbs behind the preload's named functions. Every handler first checks that the
 * calling frame shows the service's UI, so a page that got navigated elsewhere (or an injected
 * frame) cannot drive them. Returns a disposer that removes the handlers.
 */
export function registerIpc(o: DesktopVerbs): () => void {
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (event: IpcMainInvokeEvent, ...args: A): R => {
      if (!isTrustedSender(event.senderFrame?.url, o.origin)) throw new Error('Refused: this IPC call does not come from the Runnel UI.');
      return fn(...args);
    };

  ipcMain.handle(
    IPC.openExternal,
    guarded(async (url: unknown) => {
      if (!isSafeExternalUrl(url)) throw new Error('Refused: only http(s) links open in the browser.');
      await shell.openExternal(url);
    }),
  );
  ipcMain.handle(
    IPC.revealDataDir,
    guarded(async () => {
      // openPath resolves to an error message, '' on success.
      const error = await shell.openPath(o.dataDir);
      if (error) throw new Error(error);
    }),
  );
  return () => {
    for (const channel of Object.values(IPC)) ipcMain.removeHandler(channel);
  };
}
