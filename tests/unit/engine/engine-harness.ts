// The source engine in-process: the real runtime, queue, stores (on a temp dir) and bus, with
// the scripted FakeSandbox in place of runner processes. Fast enough to drive orchestration
// (batching, blame, reruns, ordering, publish-after-commit, respond() waits) case by case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../../src/shared/ids';
import type { LogLine } from '../../../src/shared/resources';
import { pathsFor } from '../../../src/main/config/paths';
import type { Logger } from '../../../src/main/logger';
import { Accounts } from '../../../src/main/runtime/accounts';
import { ComponentConfig } from '../../../src/main/runtime/component-config';
import { DataStores } from '../../../src/main/runtime/data-stores';
import { EventBus } from '../../../src/main/runtime/event-bus';
import { Secrets } from '../../../src/main/runtime/secrets';
import { SourceRuntime } from '../../../src/main/runtime/source-runtime';
import { Scheduler } from '../../../src/main/scheduler/scheduler';
import { systemClock } from '../../../src/main/scheduler/clock';
import { BoundedLists } from '../../../src/main/store/bounded-lists';
import type { ComponentDoc, SourceDoc } from '../../../src/main/store/document-types';
import { DocumentStore } from '../../../src/main/store/documents';
import { EventStore } from '../../../src/main/store/event-store';
import { SecretBox } from '../../../src/main/store/secret-box';
import { FakeSandbox } from './fake-sandbox';

export const quietLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export interface Engine {
  runtime: SourceRuntime;
  sandbox: FakeSandbox;
  events: EventStore;
  logs: BoundedLists<LogLine>;
  bus: EventBus;
  /** Deploys a source of a component with the given fields (code never runs: the sandbox is scripted). */
  deploy(fields?: Partial<ComponentDoc>, timeoutSeconds?: number): Promise<SourceDoc>;
  /** Every stored event of a source on the default channel, oldest first. */
  stored(id: string): unknown[];
  close(): Promise<void>;
}

export async function startEngine(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'runnel-engine-'));
  const paths = pathsFor(dir);
  const clock = systemClock;
  const docs = await DocumentStore.open(paths.documents, { now: () => clock.now() });
  await docs.update((d) => {
    d.user = { id: newId('u'), created_at: Math.floor(clock.now() / 1000) };
  });
  const events = new EventStore({ dir: paths.eventsDir, clock, logger: quietLogger, retention: () => 10_000 });
  await events.openAll();
  const logs = new BoundedLists<LogLine>(paths.logsDir, 100);
  await logs.openAll();
  const bus = new EventBus();
  const dataStores = new DataStores({ dir: paths.dataStoresDir, clock, logger: quietLogger, docs });
  await dataStores.open();
  const box = await SecretBox.open(paths.secretsKeyFile);
  const accounts = new Accounts(docs, box, clock);
  const sandbox = new FakeSandbox();
  const scheduler = new Scheduler(clock);
  const runtime = new SourceRuntime({
    docs,
    events,
    logs,
    sandbox,
    scheduler,
    bus,
    clock,
    logger: quietLogger,
    paths,
    secrets: new Secrets(box),
    config: new ComponentConfig(sandbox, accounts),
    accounts,
    dataStores,
    endpointUrl: (token) => `http://127.0.0.1:4620/e/${token}`,
  });
  runtime.start();
  let n = 0;
  return {
    runtime,
    sandbox,
    events,
    logs,
    bus,
    async deploy(fields = {}, timeoutSeconds) {
      const now = Math.floor(clock.now() / 1000);
      const comp: ComponentDoc = {
        id: newId('sc'),
        code: `// scripted ${++n}`,
        code_hash: `hash-${n}`,
        compiled: '',
        name: `scripted-${n}`,
        key: null,
        version: '0.0.1',
        description: null,
        type: 'source',
        dedupe: null,
        props: [],
        hooks: [],
        has_run: true,
        created_at: now,
        updated_at: now,
        ...fields,
      };
      await docs.update((d) => {
        d.components.push(comp);
      });
      return runtime.create({ component: comp, timeoutSeconds });
    },
    stored(id) {
      return events.list(id, { channel: '', limit: 10_000 }).events.map((e) => e.ev).reverse();
    },
    async close() {
      runtime.dispose();
      await runtime.drain();
      await events.close();
      await logs.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A run whose scripted behaviour is `script` (see FakeSandbox). */
export const scripted = (script: object) => ({ script });
