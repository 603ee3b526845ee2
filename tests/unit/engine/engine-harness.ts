// The source engine in-process: the real runtime, queue, stores (on a temp dir) and bus, with
// the scripted FakeSandbox in place of runner processes. Fast enough to drive orchestration
// (batching, blame, reruns, ordering, publish-after-commit, respond() waits) case by case.
import { newId } from '../../../src/shared/ids';
import type { LogLine } from '../../../src/shared/resources';
import { ComponentConfig } from '../../../src/main/runtime/component-config';
import { EventBus } from '../../../src/main/runtime/event-bus';
import { SourceRuntime } from '../../../src/main/runtime/source-runtime';
import { deploymentEngine } from '../../../src/main/engine/deployment-engine';
import type { Deployments } from '../../../src/main/engine/deployments/deployments';
import type { HttpTrigger } from '../../../src/main/engine/triggers/http-trigger';
import { Scheduler } from '../../../src/main/scheduler/scheduler';
import { BoundedLists } from '../../../src/main/store/bounded-lists';
import { ErrorTally, type ErrorRecord } from '../../../src/main/runtime/error-tally';
import type { ComponentDoc, SourceDoc } from '../../../src/main/store/document-types';
import { EventStore } from '../../../src/main/store/event-store';
import { FakeSandbox } from './fake-sandbox';
import { openTempStores, quietLogger } from './temp-stores';

export { quietLogger };

export interface Engine {
  runtime: SourceRuntime;
  deployments: Deployments;
  http: HttpTrigger;
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
  const stores = await openTempStores('runnel-engine-', 10_000);
  const { paths, clock, docs, events, bus, dataStores, secrets, accounts, env } = stores;
  const logs = new BoundedLists<LogLine>(paths.logsDir, 100);
  await logs.openAll();
  const errors = new ErrorTally(new BoundedLists<ErrorRecord>(paths.errorsDir, 5));
  const sandbox = new FakeSandbox();
  const scheduler = new Scheduler(clock);
  const { deployments, http } = deploymentEngine({ capacity: () => docs.data.settings.source_queue_length, scheduler, storeFull: () => events.health.full });
  const runtime = new SourceRuntime({
    deployments,
    docs,
    events,
    logs,
    errors,
    sandbox,
    bus,
    clock,
    logger: quietLogger,
    paths,
    secrets,
    env,
    config: new ComponentConfig(sandbox, accounts),
    accounts,
    dataStores,
    endpointUrl: (token) => `http://127.0.0.1:4620/e/${token}`,
  });
  runtime.start();
  let n = 0;
  return {
    runtime,
    deployments,
    http,
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
      deployments.dispose();
      scheduler.dispose();
      await deployments.drain();
      await logs.close();
      await stores.close();
    },
  };
}

/** A run whose scripted behaviour is `script` (see FakeSandbox). */
export const scripted = (script: object) => ({ script });
