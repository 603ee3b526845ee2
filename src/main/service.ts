import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { newId } from '../shared/ids';
import { loadApiKey } from './api-key';
import { pathsFor, type Paths } from './config/paths';
import type { Logger } from './logger';
import { ComponentCatalog } from './runtime/component-catalog';
import { EventBus } from './runtime/event-bus';
import { SourceRuntime } from './runtime/source-runtime';
import { RunnerPool } from './sandbox/client/runner-pool';
import { Scheduler } from './scheduler/scheduler';
import type { Clock } from './scheduler/clock';
import { createApp } from './server/app';
import { ownHosts } from './server/guards';
import { isWebhookPath, WEBHOOK_PREFIX, webhookListener } from './server/webhooks';
import { AccountService } from './services/account-service';
import { SourcesService } from './services/sources-service';
import { DocumentStore } from './store/documents';
import { EventStore } from './store/event-store';
import { LogStore } from './store/log-store';

export interface ServiceOptions {
  dataDir: string;
  host: string;
  port: number;
  allowedHosts: string[];
  apiKeyFromEnv?: string;
  /** Absolute path of the built sandbox runner (out/main/runner.js), resolved by the entry file. */
  runnerEntry: string;
  /** The built web UI folder, if any. */
  uiDir?: string;
  clock: Clock;
  logger: Logger;
  maxRunners?: number;
}

export interface RunningService {
  url: string;
  port: number;
  paths: Paths;
  apiKey: string;
  apiKeySource: 'env' | 'file';
  close(): Promise<void>;
}

/** The composition root shared by `runnel serve` and the desktop app. */
export async function startService(o: ServiceOptions): Promise<RunningService> {
  const paths = pathsFor(o.dataDir);
  await mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  const { key: apiKey, source: apiKeySource } = await loadApiKey(paths.apiKeyFile, o.apiKeyFromEnv);

  const docs = await DocumentStore.open(paths.documents);
  if (!docs.data.user) {
    await docs.update((d) => {
      d.user = { id: newId('u'), created_at: Math.floor(o.clock.now() / 1000) };
    });
  }
  const events = new EventStore({ dir: paths.eventsDir, clock: o.clock, logger: o.logger, retention: () => docs.data.settings.event_retention });
  await events.openAll();
  const logs = new LogStore(paths.logsDir, 100);
  await logs.openAll();

  const sandbox = new RunnerPool({
    runnerEntry: o.runnerEntry,
    maxRunners: o.maxRunners ?? 4,
    memoryCapMb: () => docs.data.settings.memory_cap_mb,
    logger: o.logger,
  });
  const scheduler = new Scheduler(o.clock);
  const bus = new EventBus();
  let baseUrl = '';
  const endpointUrl = (token: string) => `${baseUrl}${WEBHOOK_PREFIX}/${token}`;

  const catalog = new ComponentCatalog(docs, sandbox, o.clock);
  const runtime = new SourceRuntime({ docs, events, logs, sandbox, scheduler, bus, clock: o.clock, logger: o.logger, paths, endpointUrl });
  const sources = new SourcesService({ docs, events, catalog, runtime, userId: () => docs.data.user!.id, endpointUrl });
  const account = new AccountService(docs);

  let hosts = new Set<string>();
  const app = createApp({
    logger: o.logger,
    apiKey: () => apiKey,
    allowedHosts: () => hosts,
    uiDir: o.uiDir,
    runtime,
    catalog,
    sources,
    account,
    events,
    bus,
  });

  const rest = getRequestListener(app.fetch);
  const webhooks = webhookListener(runtime, o.logger, () => baseUrl);
  const server: Server = createServer((req, res) => (isWebhookPath(req.url) ? webhooks(req, res) : rest(req, res)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const displayHost = o.host === '0.0.0.0' || o.host === '::' ? '127.0.0.1' : o.host.includes(':') ? `[${o.host}]` : o.host;
  baseUrl = `http://${displayHost}:${port}`;
  hosts = ownHosts(port, o.allowedHosts);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(displayHost)) hosts.add(`${displayHost}:${port}`);

  runtime.start();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      runtime.dispose();
      scheduler.dispose();
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      await sandbox.dispose();
      await events.close();
      await logs.close();
    })());

  return { url: baseUrl, port, paths, apiKey, apiKeySource, close };
}
