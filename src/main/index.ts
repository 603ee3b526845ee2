// Electron entry: the same service as `runnel serve`, plus a window. The only file (with
// app/) that imports 'electron'.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, session } from 'electron';
import { hardenContents, hardenSession } from './app/hardening';
import { registerIpc } from './app/ipc';
import { keychainWrapper } from './app/keychain';
import { installMenu } from './app/menu';
import { workflowErrorNotifier } from './app/notifications';
import { createMainWindow } from './app/window';
import { consoleLogger } from './logger';
import { systemClock } from './scheduler/clock';
import { startService, type RunningService } from './service';
import { servicesDir } from './config/running-services';

const runnerEntry = fileURLToPath(new URL('./runner.js', import.meta.url));
const uiDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const registryDir = fileURLToPath(new URL('../../resources/registry', import.meta.url));

let service: RunningService | undefined;

// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

app.whenReady().then(async () => {
  const dataDir = process.env.RUNNEL_DATA_DIR || join(app.getPath('userData'), 'data');
  service = await startService({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    allowedHosts: [],
    apiKeyFromEnv: process.env.RUNNEL_API_KEY,
    announceDir: servicesDir(),
    runnerEntry,
    uiDir,
    registryDir,
    clock: systemClock,
    logger: consoleLogger(),
    onWorkflowError: workflowErrorNotifier(),
    keyWrapper: keychainWrapper(),
    secretsKeyFromEnv: process.env.RUNNEL_SECRETS_KEY,
  });
  const origin = new URL(service.url).origin;
  hardenSession(session.defaultSession, origin);
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, origin));
  registerIpc({ origin, dataDir });
  installMenu(() => service!.exportSecretsKey());
  createMainWindow(service.openUrl(), preload);
}).catch((err: Error) => {
  // E.g. another Runnel already uses the data dir (the message names it): say so, then quit.
  dialog.showErrorBox('Runnel cannot start', err.message);
  app.quit();
});

app.on('window-all-closed', () => {
  void (service?.close() ?? Promise.resolve()).finally(() => app.quit());
});
