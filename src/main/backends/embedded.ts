// The embedded backend, Runnel's default: all state in files under the data dir, queues and
// timers in this process. It fills the engine's ports (engine/ports/): the event log and
// deployment state (EventStore), data stores (DataStores), run queues (in-process
// DeploymentQueue) and timers (Scheduler). A shared backend for several processes fills the
// same ports; the engine and the kinds do not change.
import type { LogLine, OutboxMessage, WorkflowRun } from '../../shared/resources';
import type { Paths } from '../config/paths';
import type { Logger } from '../logger';
import type { Lifecycle } from '../lifecycle';
import { inProcessQueues } from '../engine/deployments/deployment-queue';
import type { EnginePorts } from '../engine/ports/engine-ports';
import { DataStores } from '../runtime/data-stores';
import { RUN_RETENTION } from '../runtime/workflows/workflow-runs';
import type { Clock } from '../scheduler/clock';
import { Scheduler } from '../scheduler/scheduler';
import { BoundedLists } from '../store/bounded-lists';
import type { ErrorRecord } from '../runtime/error-tally';
import { DocumentStore } from '../store/documents';
import { EventStore } from '../store/event-store';
import { FilePausedRuns } from '../store/paused-runs';
import type { StoreFs } from '../store/store-fs';
import { StoreHealth } from '../store/store-health';

export interface EmbeddedBackendOptions {
  paths: Paths;
  clock: Clock;
  logger: Logger;
  /** The store's file-system seam (default node:fs/promises); only tests replace it. */
  fs?: StoreFs;
  /** After every committed change of a data store. */
  onDataStoreChange(id: string): void;
}

/**
 * The state of one service, opened from its data dir; each part registered with `life`. It
 * fills the engine's ports (checked here by the compiler), with the richer embedded types the
 * services use for the rest (REST management of stores, the data dir's health, documents).
 */
export interface EmbeddedBackend extends EnginePorts {
  health: StoreHealth;
  docs: DocumentStore;
  events: EventStore;
  dataStores: DataStores;
  timers: Scheduler;
  logs: BoundedLists<LogLine>;
  outbox: BoundedLists<OutboxMessage>;
  runs: BoundedLists<WorkflowRun>;
  /** Each source's failed runs (runtime/error-tally.ts). */
  errors: BoundedLists<ErrorRecord>;
}

export async function openEmbeddedBackend(o: EmbeddedBackendOptions, life: Lifecycle): Promise<EmbeddedBackend> {
  const { paths, clock, logger, fs } = o;
  const health = new StoreHealth(logger, clock);
  // Registered first, so it stops last: every other part may still change a document as it stops.
  const docs = life.add('documents', await DocumentStore.open(paths.documents, { health, fs, now: () => clock.now() }), (d) => d.flushed());
  const events = new EventStore({ dir: paths.eventsDir, clock, logger, retention: () => docs.data.settings.event_retention, fs, health });
  await events.openAll();
  life.add('event store', events, (e) => e.close());
  const logs = life.add('logs', await openLists<LogLine>(paths.logsDir, 100, { fs, health }), (l) => l.close());
  const outbox = life.add('outbox', await openLists<OutboxMessage>(paths.outboxDir, 1000, { fs, health }), (l) => l.close());
  const runs = life.add('workflow runs', await openLists<WorkflowRun>(paths.runsDir, RUN_RETENTION, { fs, health }), (l) => l.close());
  const errors = life.add('error counts', await openLists<ErrorRecord>(paths.errorsDir, 5, { fs, health }), (l) => l.close());
  const dataStores = new DataStores({ dir: paths.dataStoresDir, clock, logger, docs, fs, health, onChange: o.onDataStoreChange });
  await dataStores.open();
  life.add('data stores', dataStores, (d) => d.close());
  const timers = life.add('scheduler', new Scheduler(clock), (t) => t.dispose());
  // Nothing to stop: each record is on disk (fsynced, renamed) before its put() resolves.
  const pausedRuns = await FilePausedRuns.open(paths.pausedDir, { fs, logger, now: () => clock.now() });
  return { health, docs, events, dataStores, queues: inProcessQueues, timers, logs, outbox, runs, pausedRuns, errors };
}

function openLists<T>(dir: string, max: number, opts: ConstructorParameters<typeof BoundedLists>[2]): Promise<BoundedLists<T>> {
  const lists = new BoundedLists<T>(dir, max, opts);
  return lists.openAll().then(() => lists);
}
