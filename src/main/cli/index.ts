import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { defaultDataDir } from '../config/paths';
import { serveHeadless } from '../headless';
import { registerOpen } from './commands/open';
import { registerDev } from './commands/dev';
import { registerTest } from './commands/test';
import { registerDeploy } from './commands/deploy';
import { registerUpdate } from './commands/update';
import { registerDelete } from './commands/delete';
import { registerList } from './commands/list';
import { registerDescribe } from './commands/describe';
import { registerEvents } from './commands/events';
import { registerSearch } from './commands/search';
import { registerLogs } from './commands/logs';
import { registerPublish } from './commands/publish';
import { registerUnpublish } from './commands/unpublish';
import { registerInit } from './commands/init';
import { registerRun } from './commands/run';
import { registerSubscribe } from './commands/subscribe';
import { registerClock } from './commands/clock';
import { registerEnv } from './commands/env';
import { registerInstallCli } from './commands/install-cli';
import { registerProject } from './commands/project';

// Paths of built siblings are resolved here, in the entry file, because shared modules move
// into chunks/ when bundled.
const runnerEntry = fileURLToPath(new URL('./runner.js', import.meta.url));
const uiDir = fileURLToPath(new URL('../renderer', import.meta.url));
const registryDir = fileURLToPath(new URL('../../resources/registry', import.meta.url));
// The Runnel install this CLI belongs to (a checkout, the npm package or the desktop app).
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}

function runners(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('must be a whole number from 1 to 64');
  return n;
}

const program = new Command()
  .name('runnel')
  .description('Write, run and test Pipedream-style components on your own machine.')
  // Where to connect (commands other than serve): flags, then RUNNEL_URL/RUNNEL_API_KEY, then a
  // profile in ~/.config/runnel/config.json, then the service running on this machine.
  .option('--url <url>', 'the Runnel service address (default: RUNNEL_URL, a profile, or the service running here)')
  .option('--api-key <key>', 'the API key (default: RUNNEL_API_KEY, a profile, or the running service\'s key file)')
  .option('--profile <name>', 'a profile of ~/.config/runnel/config.json')
  // Global, so `serve --data-dir X` and `deploy --data-dir X` name the same thing: the dir a
  // service runs on (for serve) or the one whose running service to use (for the rest).
  .option('--data-dir <dir>', 'the data directory (default: RUNNEL_DATA_DIR; serve: the per-user data folder)')
  .option('--json', 'print JSON for scripts')
  .configureHelp({ showGlobalOptions: true })
  .showHelpAfterError();

program
  .command('serve')
  .description('start the service headless: REST v1 + SSE, webhooks and the web UI')
  .option('--port <port>', 'port to listen on (0 picks a free one)', port, process.env.RUNNEL_PORT ? port(process.env.RUNNEL_PORT) : 4620)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--allowed-host <host>', 'another Host header to accept (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
  .option('--runners <n>', 'how many sandboxed runner processes run components side by side', runners, 4)
  .action(async function (this: Command, opts: { port: number; host: string; allowedHost: string[]; runners: number }) {
    const dataDir = (this.optsWithGlobals() as { dataDir?: string }).dataDir || process.env.RUNNEL_DATA_DIR || defaultDataDir();
    try {
      await serveHeadless({
        dataDir,
        host: opts.host,
        port: opts.port,
        allowedHosts: opts.allowedHost,
        maxRunners: opts.runners,
        runnerEntry,
        uiDir: existsSync(uiDir) ? uiDir : undefined,
        registryDir: existsSync(registryDir) ? registryDir : undefined,
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const reason = e.code === 'EADDRINUSE' ? `port ${opts.port} is already in use (try --port 0)` : e.message;
      process.stderr.write(`runnel serve: ${reason}\n`);
      process.exit(1);
    }
  });

registerOpen(program);
registerDev(program);
registerTest(program, { packageRoot });
registerInstallCli(program, { cli: join(packageRoot, 'bin', 'runnel.js') });
registerDeploy(program);
registerUpdate(program);
registerDelete(program);
registerList(program);
registerDescribe(program);
registerEvents(program);
registerSearch(program);
registerLogs(program);
registerPublish(program);
registerUnpublish(program);
registerInit(program);
registerRun(program);
registerSubscribe(program);
registerClock(program);
registerEnv(program);
registerProject(program);

await program.parseAsync(process.argv);
