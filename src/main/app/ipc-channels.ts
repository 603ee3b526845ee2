/** IPC channel names shared by the preload and the main process's handlers (app/ipc.ts). */
export const IPC = {
  openExternal: 'runnel:open-external',
  revealDataDir: 'runnel:reveal-data-dir',
} as const;
