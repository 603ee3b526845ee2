import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { defaultDataDir } from '../config/paths';
import { serveHeadless } from '../headless';
import { openLink } from './open-link';

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

program
  .command('open')
  .description('print a fresh one-time link that signs the web UI in')
  .option('--url <url>', 'the service address', process.env.RUNNEL_URL || `http://127.0.0.1:${process.env.RUNNEL_PORT || 4620}`)
  .option('--api-key <key>', 'the API key (default: RUNNEL_API_KEY, then the data dir key file)')
  .option('--data-dir <dir>', 'data directory holding the API key', process.env.RUNNEL_DATA_DIR || defaultDataDir())
  .action(async (opts: { url: string; apiKey?: string; dataDir: string }) => {
    try {
      const link = await openLink(opts.url, opts.apiKey ?? process.env.RUNNEL_API_KEY, opts.dataDir);
      process.stdout.write(`Open ${link}\n`);
    } catch (err) {
      process.stderr.write(`runnel open: ${(err as Error).message}\n`);
      process.exit(1);
    }
  });

await program.parseAsync(process.argv);
