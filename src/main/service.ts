import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { answerParserErrors, requireHostHeader } from './server/client-errors';
import { getRequestListener } from '@hono/node-server';
import { loadApiKey } from './api-key';
import { VERSION } from '../shared/version';
import { pathsFor, type Paths } from './config/paths';
import { announce } from './config/running-services';
import type { Logger } from './logger';
import { ComponentCatalog } from './runtime/component-catalog';
import { releaseCompiler } from './runtime/compile-component';
import { ComponentConfig } from './runtime/component-config';
import { Accounts } from './runtime/accounts';
import { EnvVars } from './runtime/env-vars';
import { ChangeCoalescer } from './runtime/change-coalescer';
import { DataStoresService } from './services/data-stores-service';
import { EnvService } from './services/env-service';
import { ProjectsService } from './services/projects/import-service';
import { Registry } from './runtime/registry';
import { PackageCache } from './runtime/packages/package-cache';
import { Secrets } from './runtime/secrets';
import { SecretBox, type KeyWrapper } from './store/secret-box';
import { EventBus } from './runtime/event-bus';
import { SourceRuntime } from './runtime/source-runtime';
import { Destinations, OUTBOX_KEY } from './runtime/workflows/destinations';
import { ErrorsChannel } from './runtime/workflows/errors-channel';
import { RunExecutor, workflowTimeoutMs } from './runtime/workflows/run-executor';
import { StepTests } from './runtime/workflows/step-tests';
import { Subscriptions } from './runtime/workflows/subscriptions';
import { WorkflowRuntime } from './runtime/workflows/workflow-runtime';
import { SearchService } from './services/search-service';
import { WorkflowRuns } from './runtime/workflows/workflow-runs';
import { deploymentEngine } from './engine/deployment-engine';
import { SubscriptionTrigger } from './engine/triggers/subscription-trigger';
import { WorkflowsService } from './services/workflows-service';
import { RunnerPool } from './sandbox/client/runner-pool';
import { pythonPool } from './sandbox/client/python-pool';
import type { Clock } from './scheduler/clock';
import { createApp } from './server/app';
import { publicAddress } from './server/guards';
import { probePort } from './server/port-probe';
import { Sessions } from './server/sessions';
import { ErrorTally } from './runtime/error-tally';
import { isWebhookPath, WEBHOOK_PREFIX, webhookListener } from './server/webhooks';
import { FLOW_PREFIX, flowListener, isFlowPath } from './server/flow-urls';
import { FlowService } from './services/flow-service';
import { UserService, ensureLocalUser } from './services/user-service';
import { SourcesService } from './services/sources-service';
import { ComponentsService } from './services/components-service';
import { ClockService } from './services/clock-service';
import { AppAccountsService } from './services/app-accounts-service';
import type { PublishChange } from './services/change-feed';
import { RegistryService } from './services/registry-service';
import { StreamsService } from './services/streams-service';
import { SystemService } from './services/system-service';
import { WebhookService } from './services/webhook-service';
import type { StoreFs } from './store/store-fs';
import { DataDirLock } from './store/data-dir-lock';
import { Lifecycle } from './lifecycle';
import { finishRuns } from './finish-runs';
import { openEmbeddedBackend } from './backends/embedded';

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
  /** Components shipped with Runnel (resources/registry). */
  registryDir?: string;
  /** The desktop app wraps the secrets key file with the OS keychain. */
  keyWrapper?: KeyWrapper;
  /** RUNNEL_SECRETS_KEY: the data key itself (to open a desktop data dir headless). */
  secretsKeyFromEnv?: string;
  clock: Clock;
  logger: Logger;
  maxRunners?: number;
  /** False only for the bench's comparison (RUNNEL_BENCH_ONLY_NO_OS_WALL): runners get SES alone. */
  osWall?: boolean;
  /** The store's file-system seam (default node:fs/promises); only tests replace it (RUNNEL_TEST_FS_FAULTS). */
  storeFs?: StoreFs;
  /** Where to announce the running service for the CLI (config/running-services.ts); none when undefined. */
  announceDir?: string;
  /** The desktop app shows a notification for each `$errors` event. */
  onWorkflowError?(workflow: { id: string; name: string }, error: { name: string; message: string }): void;
}

export interface RunningService {
  url: string;
  port: number;
  paths: Paths;
  apiKey: string;
  apiKeySource: 'env' | 'file';
  /** A one-time link that signs the web UI in (`Open …` at start, `runnel open`). */
  openUrl(): string;
  /** The secrets data key, base64url: only the desktop app's "Export Secrets Key…" uses it. */
  exportSecretsKey(): string;
  close(): Promise<void>;
}

/** The composition root shared by `runnel serve` and the desktop app. */
export async function startService(o: ServiceOptions): Promise<RunningService> {
  const paths = pathsFor(o.dataDir);
  await mkdir(paths.dataDir, { recursive: true, mode: 0o700 });
  // Before anything of the dir is read or written: two services on one dir lose each other's
  // writes. A second start refuses here, having created nothing.
  const lock = await DataDirLock.acquire({ file: paths.lockFile, dataDir: paths.dataDir, logger: o.logger });
  // Every long-lived part registers here as it is created; the lock goes last.
  const life = new Lifecycle(o.logger);
  life.add('data dir lock', lock, (l) => l.release());
  try {
    // Before the API key, documents and secrets key are created: a start that cannot listen creates nothing.
    await probePort(o.port, o.host);
    return await compose(o, paths, lock, life);
  } catch (err) {
    await life.dispose();
    throw err;
  }
}

async function compose(o: ServiceOptions, paths: Paths, lock: DataDirLock, life: Lifecycle): Promise<RunningService> {
  const startedAt = o.clock.now();
  const loaded = await loadApiKey(paths.apiKeyFile, o.apiKeyFromEnv);

  const bus = new EventBus();
  const changed: PublishChange = (resource, id) => bus.publishFeed({ type: 'change', resource, ...(id !== undefined ? { id } : {}) });
  const storeChanges = life.add('data store change feed', new ChangeCoalescer((id) => changed('data_stores', id)), (c) => c.dispose());
  const backend = await openEmbeddedBackend({ paths, clock: o.clock, logger: o.logger, fs: o.storeFs, onDataStoreChange: (id) => storeChanges.note(id) }, life);
  const { health, docs, events, dataStores, logs, outbox, runs, timers: scheduler } = backend;
  // A failing deployment's error count is part of its REST view: lists re-read it (a few times a burst).
  const errorChanges = life.add('error count change feed', new ChangeCoalescer((key) => {
    const [resource, id] = key.split(':');
    changed(resource as 'sources' | 'workflows', id);
  }), (c) => c.dispose());
  const errorTally = new ErrorTally(backend.errors, (id) => errorChanges.note(`sources:${id}`));
  await ensureLocalUser(docs, o.clock);

  const sandbox = new RunnerPool({
    runnerEntry: o.runnerEntry,
    maxRunners: o.maxRunners ?? 4,
    memoryCapMb: () => docs.data.settings.memory_cap_mb,
    logger: o.logger,
    dataStores,
    scratchRoot: paths.scratchRoot,
    osWall: o.osWall,
  });
  life.add('runner pool', sandbox, (p) => p.dispose());
  // Python steps: runners of their own, started only when a Python step runs.
  const python = life.add('python runner pool', pythonPool({ runnerEntry: o.runnerEntry, maxRunners: o.maxRunners, memoryCapMb: () => docs.data.settings.memory_cap_mb, logger: o.logger, dataStores, scratchRoot: paths.scratchRoot, osWall: o.osWall }), (p) => p.dispose());
  let baseUrl = '';
  const endpointUrl = (token: string) => `${baseUrl}${WEBHOOK_PREFIX}/${token}`;
  const flowUrl = (token: string, action: 'resume' | 'cancel') => `${baseUrl}${FLOW_PREFIX}/${token}/${action}`;

  const box = await SecretBox.open(paths.secretsKeyFile, { wrapper: o.keyWrapper, fromEnv: o.secretsKeyFromEnv });
  const secrets = new Secrets(box);
  const accounts = new Accounts(docs, box, o.clock);
  const env = new EnvVars(docs, box, o.clock);
  const packages = new PackageCache({ dir: paths.packagesDir, logger: o.logger, onActivity: (a) => bus.publishFeed({ type: 'activity', ...a }) });
  const catalog = new ComponentCatalog(docs, sandbox, o.clock, packages, o.logger);
  const config = new ComponentConfig(sandbox, accounts);
  const registry = new Registry(catalog, docs, o.logger);
  await registry.loadBuiltIns(o.registryDir);
  // Loading built-ins may have started a runner and the compiler; an idle service needs neither.
  sandbox.reapIdle();
  await releaseCompiler();
  // One engine for both kinds: every trigger dispatches into a deployment's queue.
  const { deployments, http, flow } = deploymentEngine({
    capacity: () => docs.data.settings.source_queue_length,
    scheduler,
    queues: backend.queues,
    pausedRuns: backend.pausedRuns,
    clock: o.clock,
    storeFull: () => events.health.full,
  });
  life.add('deployments', deployments, (d) => d.dispose());
  const runtime = new SourceRuntime({ docs, events, logs, errors: errorTally, sandbox, bus, clock: o.clock, logger: o.logger, paths, secrets, config, accounts, dataStores, env, endpointUrl, deployments });
  const destinations = new Destinations({ events, bus, outbox, paths, clock: o.clock });
  const errors = new ErrorsChannel({ clock: o.clock, destinations, notify: o.onWorkflowError, onRecorded: (id) => errorChanges.note(`workflows:${id}`) });
  const workflowRuns = new WorkflowRuns(runs, (run) => bus.publishFeed({ type: 'run', workflow_id: run.workflow_id, run }));
  const executor = new RunExecutor({
    ...{ docs, events, sandbox, python, clock: o.clock, logger: o.logger, paths, destinations, errors, secrets, accounts, dataStores, env },
    timeoutMs: workflowTimeoutMs,
    flowUrl,
    onProgress: (run) => workflowRuns.progress(run),
  });
  const subscriptions = new Subscriptions({ docs });
  const workflowRuntime = new WorkflowRuntime({
    ...{ docs, catalog, clock: o.clock, logger: o.logger, runs: workflowRuns, endpointUrl, secrets, accounts, dataStores, config },
    ...{ executor, subscriptions, deployments, errors, runners: o.maxRunners ?? 4, flow },
  });
  const subscriptionTrigger = new SubscriptionTrigger({
    deployments,
    onAnyEvent: (l) => bus.onAnyEvent(l),
    subscriptions: () => docs.data.subscriptions,
    workflow: (id) => docs.workflow(id),
    refuseLoop: (listener, _emitterId, e, error, hops) =>
      errors.record(listener, null, null, error, hops, e.ev).catch((err) => o.logger.error('could not record a refused delivery', err)),
  });
  life.add('subscription trigger', subscriptionTrigger, (x) => x.dispose());
  // Stopped after the HTTP server, before the triggers, runners and stores: accepted runs finish and are stored.
  life.add('accepted runs', deployments, (d) => finishRuns(d, o.logger));
  const sources = new SourcesService({
    ...{ docs, events, catalog, runtime, endpointUrl, changed },
    userId: () => docs.data.user!.id,
    onRemoved: (id) => subscriptions.removeFor(id),
  });
  const tests = new StepTests({ docs, executor, runs: workflowRuns, clock: o.clock, endpointUrl, flowUrl });
  const workflows = new WorkflowsService({ runtime: workflowRuntime, subscriptions, events, runs, sources, changed, tests, outbox: () => outbox.list(OUTBOX_KEY).reverse() });
  const system = new SystemService({
    apiKeyFile: paths.apiKeyFile,
    loaded,
    changed,
    facts: () => ({
      version: VERSION,
      url: baseUrl,
      data_dir: paths.dataDir,
      started_at: startedAt,
      store_warnings: [...health.warnings],
      sandbox: sandbox.layers,
    }),
  });

  let hosts = new Set<string>();
  const sessions = life.add('sessions', new Sessions(o.clock, paths.sessionsFile), (s) => s.flushed());
  const app = createApp({
    logger: o.logger,
    sessions,
    allowedHosts: () => hosts,
    uiDir: o.uiDir,
    services: {
      system,
      sources,
      workflows,
      components: new ComponentsService({ docs, catalog, config, sources, changed }),
      registry: new RegistryService({ registry, packages, changed }),
      user: new UserService(docs, changed),
      accounts: new AppAccountsService(accounts, changed),
      dataStores: new DataStoresService(dataStores),
      env: new EnvService(env, changed),
      projects: new ProjectsService({ docs, runtime: workflowRuntime, workflows, catalog, accounts, dataStores, secrets, changed }),
      clock: new ClockService({ docs, scheduler, sources: runtime, workflows: workflowRuntime, flow }),
      streams: new StreamsService({ sources: runtime, workflows: workflowRuntime, events, bus }),
      search: new SearchService({ events, sources: () => docs.data.sources, workflows: () => docs.data.workflows, runs: (id) => workflowRuns.list(id) }),
    },
  });

  const rest = requireHostHeader(getRequestListener(app.fetch));
  const webhooks = webhookListener(new WebhookService(http), o.logger, () => baseUrl);
  const flowUrls = flowListener(new FlowService(flow), o.logger, () => baseUrl);
  const server: Server = createServer((req, res) => (isWebhookPath(req.url) ? webhooks(req, res) : isFlowPath(req.url) ? flowUrls(req, res) : rest(req, res)));
  answerParserErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  life.add('http server', server, stopServer);
  const port = (server.address() as AddressInfo).port;
  ({ url: baseUrl, hosts } = publicAddress(o.host, port, o.allowedHosts));
  await lock.setUrl(baseUrl);
  // So `runnel …` on this machine finds this service without flags (config/running-services.ts);
  // best effort: a service that cannot write there still serves.
  if (o.announceDir) {
    const note = { pid: process.pid, url: baseUrl, data_dir: paths.dataDir, api_key_file: system.apiKeySource === 'file' ? paths.apiKeyFile : null, started_at: new Date().toISOString() };
    const told = await announce(o.announceDir, note).catch((err: Error) => void o.logger.warn(`the CLI will not find this service by itself: ${err.message}`));
    if (told) life.add('announcement', told, (a) => a.remove());
  }

  runtime.start();
  subscriptionTrigger.start();
  await workflowRuntime.start();

  return {
    url: baseUrl,
    port,
    paths,
    get apiKey() {
      return system.apiKey();
    },
    apiKeySource: system.apiKeySource,
    openUrl: () => `${baseUrl}/?token=${sessions.issueToken()}`,
    exportSecretsKey: () => box.exportKey(),
    close: () => life.dispose(),
  };
}

/** Stops accepting, and ends open connections (SSE streams never end by themselves). */
function stopServer(server: Server): Promise<void> {
  const closed = new Promise<void>((r) => server.close(() => r()));
  server.closeAllConnections();
  return closed;
}
