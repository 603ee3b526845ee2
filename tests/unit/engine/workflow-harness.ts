// A workflow's runs in-process: the real run executor, $errors channel, destinations and stores
// (temp dir), with the scripted FakeSandbox answering each step by its id.
import type { OutboxMessage } from '../../../src/shared/resources';
import { Destinations } from '../../../src/main/runtime/workflows/destinations';
import { ErrorsChannel } from '../../../src/main/runtime/workflows/errors-channel';
import { RunExecutor, workflowTimeoutMs } from '../../../src/main/runtime/workflows/run-executor';
import { BoundedLists } from '../../../src/main/store/bounded-lists';
import type { ComponentDoc, WorkflowDoc } from '../../../src/main/store/document-types';
import { EventStore } from '../../../src/main/store/event-store';
import { newId } from '../../../src/shared/ids';
import type { EventBus } from '../../../src/main/runtime/event-bus';
import { FakeSandbox } from './fake-sandbox';
import { openTempStores, quietLogger } from './temp-stores';

export interface WorkflowEngine {
  executor: RunExecutor;
  sandbox: FakeSandbox;
  events: EventStore;
  bus: EventBus;
  outbox: BoundedLists<OutboxMessage>;
  /** A manual workflow of steps with these names (each its own action component). */
  workflow(stepNames: string[], timeoutSeconds?: number): Promise<WorkflowDoc>;
  close(): Promise<void>;
}

export async function startWorkflowEngine(): Promise<WorkflowEngine> {
  const stores = await openTempStores('runnel-engine-wf-', 100);
  const { paths, clock, docs, events, bus, dataStores, secrets, accounts, env } = stores;
  const outbox = new BoundedLists<OutboxMessage>(paths.outboxDir, 100);
  await outbox.openAll();
  const sandbox = new FakeSandbox();
  const destinations = new Destinations({ events, bus, outbox, paths, clock });
  const errors = new ErrorsChannel({ clock, destinations });
  const executor = new RunExecutor({
    docs,
    events,
    sandbox,
    clock,
    logger: quietLogger,
    paths,
    destinations,
    errors,
    secrets,
    env,
    accounts,
    dataStores,
    timeoutMs: workflowTimeoutMs,
  });
  return {
    executor,
    sandbox,
    events,
    bus,
    outbox,
    async workflow(stepNames, timeoutSeconds) {
      const comps: ComponentDoc[] = stepNames.map((name, i) => ({
        id: newId('sc'),
        code: `// step ${name}`,
        code_hash: `hash-${name}-${i}`,
        compiled: '',
        name,
        key: null,
        version: '0.0.1',
        description: null,
        type: 'action',
        dedupe: null,
        props: [],
        hooks: [],
        has_run: true,
        inline: true,
        created_at: 0,
        updated_at: 0,
      }));
      const wf: WorkflowDoc = {
        id: newId('p'),
        deployment_id: newId('d'),
        name: 'scripted',
        trigger: { type: 'manual' },
        steps: comps.map((c) => ({ id: newId('c'), name: c.name, component_id: c.id, configured_props: {} })),
        timeout_seconds: timeoutSeconds ?? null,
        active: true,
        created_at: 0,
        updated_at: 0,
      };
      await docs.update((d) => {
        d.components.push(...comps);
        d.workflows.push(wf);
      });
      return wf;
    },
    async close() {
      await outbox.close();
      await stores.close();
    },
  };
}
