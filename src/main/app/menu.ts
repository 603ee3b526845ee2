import { writeFile } from 'node:fs/promises';
import { app, dialog, Menu, type MenuItemConstructorOptions } from 'electron';
import { desktopLauncher, installLauncher, launcherReport } from '../cli/install-launcher';

/**
 * The application menu. "Export Secrets Key…" writes the data key (which the OS keychain
 * protects on disk) to a file the user picks, so the data dir can be opened headless with
 * RUNNEL_SECRETS_KEY. "Install 'runnel' Command in PATH…" writes a launcher into ~/.local/bin that
 * runs the CLI with this app's binary (as editors do).
 */
export function installMenu(exportSecretsKey: () => string): void {
  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      {
        label: 'Export Secrets Key…',
        click: async () => {
          const { canceled, filePath } = await dialog.showSaveDialog({ title: 'Export Secrets Key', defaultPath: 'runnel-secrets.key' });
          if (canceled || !filePath) return;
          await writeFile(filePath, exportSecretsKey() + '\n', { mode: 0o600 });
          await dialog.showMessageBox({
            message: 'Secrets key exported',
            detail: `Keep ${filePath} safe: it opens every secret of this data dir. Headless: RUNNEL_SECRETS_KEY=$(cat ${filePath}) runnel serve --data-dir …`,
          });
        },
      },
      {
        label: "Install 'runnel' Command in PATH…",
        click: async () => {
          try {
            const r = installLauncher(desktopLauncher({ home: app.getPath('home'), appPath: app.getAppPath(), execPath: process.execPath }));
            await dialog.showMessageBox({ message: "The 'runnel' command", detail: launcherReport(r) });
          } catch (err) {
            dialog.showErrorBox("Could not install the 'runnel' command", (err as Error).message);
          }
        },
      },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ label: app.name, submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'quit' }] } as MenuItemConstructorOptions] : []),
    fileMenu,
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
