import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
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
import { registerLogs } from './commands/logs';
import { registerPublish } from './commands/publish';
import { registerUnpublish } from './commands/unpublish';
import { registerInit } from './commands/init';
import { registerRun } from './commands/run';
import { registerSubscribe } from './commands/subscribe';
import { registerClock } from './commands/clock';
import { registerEnv } from './commands/env';
import { registerProject } from './commands/project';

// Paths of built siblings are resolved here, in the entry file, because shared modules move
// into chunks/ when bundled.
const runnerEntry = fileURLToPath(new URL('./runner.js', import.meta.url));
const uiDir = fileURLToPath(new URL('../renderer', import.meta.url));
const registryDir = fileURLToPath(new URL('../../resources/registry', import.meta.url));

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}

const program = new Command()
  .name('runnel')
  .description('Write, run and test Pipedream-style components on your own machine.')
  // Where to connect (commands other than serve): flags, then RUNNEL_URL/RUNNEL_API_KEY, then a
  // profile in ~/.config/runnel/config.json, then the local data dir's key.
  .option('--url <url>', 'the Runnel service address (default: RUNNEL_URL, a profile, or http://127.0.0.1:4620)')
  .option('--api-key <key>', 'the API key (default: RUNNEL_API_KEY, a profile, or the data dir key file)')
  .option('--profile <name>', 'a profile of ~/.config/runnel/config.json')
  .option('--json', 'print JSON for scripts')
  .showHelpAfterError();

program
  .command('serve')
  .description('start the service headless: REST v1 + SSE, webhooks and the web UI')
  .option('--port <port>', 'port to listen on (0 picks a free one)', port, process.env.RUNNEL_PORT ? port(process.env.RUNNEL_PORT) : 4620)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--data-dir <dir>', 'data directory', process.env.RUNNEL_DATA_DIR || defaultDataDir())
  .option('--allowed-host <host>', 'another Host header to accept (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
  .action(async (opts: { port: number; host: string; dataDir: string; allowedHost: string[] }) => {
    try {
      await serveHeadless({
        dataDir: opts.dataDir,
        host: opts.host,
        port: opts.port,
        allowedHosts: opts.allowedHost,
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
registerTest(program);
registerDeploy(program);
registerUpdate(program);
registerDelete(program);
registerList(program);
registerDescribe(program);
registerEvents(program);
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
