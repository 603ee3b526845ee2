// Paused workflow runs in-process: the real engine (Deployments, the flow trigger), the real
// workflow kind and run executor, the file store of paused runs on a temp dir — with the
// scripted FakeSandbox, a clock the test moves, and timers the test fires. `restart()` opens a
// new engine over the same data dir, as a service restart would.
import type { WorkflowRun } from '../../../src/shared/resources';
import { deploymentEngine, type DeploymentEngine } from '../../../src/main/engine/deployment-engine';
import type { Alarm } from '../../../src/main/scheduler/virtual-timer';
import { Scheduler } from '../../../src/main/scheduler/scheduler';
import { Destinations } from '../../../src/main/runtime/workflows/destinations';
import { ErrorsChannel } from '../../../src/main/runtime/workflows/errors-channel';
import { RunExecutor, workflowTimeoutMs } from '../../../src/main/runtime/workflows/run-executor';
import { Subscriptions } from '../../../src/main/runtime/workflows/subscriptions';
import { WorkflowRuntime } from '../../../src/main/runtime/workflows/workflow-runtime';
import { WorkflowRuns } from '../../../src/main/runtime/workflows/workflow-runs';
import { BoundedLists } from '../../../src/main/store/bounded-lists';
import { FilePausedRuns } from '../../../src/main/store/paused-runs';
import type { ComponentDoc, WorkflowDoc } from '../../../src/main/store/document-types';
import type { OutboxMessage } from '../../../src/shared/resources';
import { newId } from '../../../src/shared/ids';
import { FakeSandbox } from './fake-sandbox';
import { openTempStores, quietLogger, type TempStores } from './temp-stores';

export interface FlowEngine {
  sandbox: FakeSandbox;
  runtime: WorkflowRuntime;
  engine: DeploymentEngine;
  /** Real time as the engine sees it; move it with `now.ms += …`. */
  now: { ms: number };
  /** Armed timers of paused runs (real time they are due), fired by the test. */
  alarms: { at: number; fire(): void; cancelled: boolean }[];
  /** Fires every live alarm due by now. */
  fireDue(): void;
  /** Fires what is due by now and waits until the runs it queued have finished. */
  fireAndSettle(): Promise<void>;
  workflow(stepNames: string[]): Promise<WorkflowDoc>;
  runs(wfId: string): WorkflowRun[];
  /** A new engine over the same data dir (the old one dropped, as at a stop). */
  restart(): Promise<FlowEngine>;
  close(): Promise<void>;
}

export async function startFlowEngine(stores?: TempStores, sandbox = new FakeSandbox(), now = { ms: 1_800_000_000_000 }): Promise<FlowEngine> {
  const s = stores ?? (await openTempStores('runnel-engine-flow-', 100));
  const clock = { now: () => now.ms };
  const alarms: FlowEngine['alarms'] = [];
  const armAt = (at: number, cb: () => void): Alarm => {
    const a = { at, fire: cb, cancelled: false };
    alarms.push(a);
    return { cancel: () => void (a.cancelled = true) };
  };
  const outbox = new BoundedLists<OutboxMessage>(s.paths.outboxDir, 100);
  await outbox.openAll();
  const finished = new BoundedLists<WorkflowRun>(s.paths.runsDir, 100);
  await finished.openAll();
  const pausedRuns = await FilePausedRuns.open(s.paths.pausedDir, { logger: quietLogger, now: clock.now });
  const scheduler = new Scheduler(clock);
  const engine = deploymentEngine({ capacity: () => 100, scheduler, storeFull: () => false, pausedRuns, clock, armAt });
  const destinations = new Destinations({ events: s.events, bus: s.bus, outbox, paths: s.paths, clock });
  const errors = new ErrorsChannel({ clock, destinations });
  const executor = new RunExecutor({
    ...{ docs: s.docs, events: s.events, sandbox, clock, logger: quietLogger, paths: s.paths, destinations, errors },
    ...{ secrets: s.secrets, accounts: s.accounts, dataStores: s.dataStores, env: s.env, timeoutMs: workflowTimeoutMs },
    flowUrl: (token, action) => `http://runnel.test/flow/${token}/${action}`,
  });
  const runs = new WorkflowRuns(finished);
  const runtime = new WorkflowRuntime({
    ...{ docs: s.docs, clock, logger: quietLogger, runs, endpointUrl: (t) => `http://runnel.test/e/${t}`, executor },
    ...{ subscriptions: new Subscriptions({ docs: s.docs }), deployments: engine.deployments, flow: engine.flow, errors, runners: 4 },
    // Steps are written straight into the documents here: nothing builds them.
    ...{ catalog: undefined as never, secrets: s.secrets, accounts: s.accounts, dataStores: s.dataStores },
  });
  await runtime.start();
  const stop = async () => {
    await engine.deployments.drain();
    engine.deployments.dispose();
    scheduler.dispose();
    await outbox.close();
    await finished.close();
  };
  const fireDue = () => {
    for (const a of alarms.filter((x) => !x.cancelled && x.at <= now.ms)) {
      a.cancelled = true;
      a.fire();
    }
  };
  return {
    sandbox,
    runtime,
    engine,
    now,
    alarms,
    fireDue,
    async fireAndSettle() {
      fireDue();
      // A pause's end is stored before its run is queued: wait until every ended pause has gone on.
      const wfs = s.docs.data.workflows.map((w) => w.id);
      for (let i = 0; i < 500; i++) {
        await engine.deployments.drain();
        if (!wfs.some((id) => engine.flow.of(id).some((r) => r.ended))) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('paused runs did not go on within 5 s');
    },
    async workflow(stepNames) {
      const comps: ComponentDoc[] = stepNames.map((name, i) => ({
        ...{ id: newId('sc'), code: `// step ${name}`, code_hash: `hash-${name}-${i}`, compiled: '', name, key: null, version: '0.0.1', description: null },
        ...{ type: 'action', dedupe: null, props: [], hooks: [], has_run: true, inline: true, created_at: 0, updated_at: 0 },
      }));
      const wf: WorkflowDoc = {
        ...{ id: newId('p'), deployment_id: newId('d'), name: 'flow', trigger: { type: 'manual' }, timeout_seconds: null, active: true, created_at: 0, updated_at: 0 },
        steps: comps.map((c) => ({ id: newId('c'), name: c.name, component_id: c.id, configured_props: {} })),
      };
      await s.docs.update((d) => {
        d.components.push(...comps);
        d.workflows.push(wf);
      });
      await runtime.start();
      return wf;
    },
    runs: (id) => runtime.runs(id),
    async restart() {
      await stop();
      return startFlowEngine(s, sandbox, now);
    },
    async close() {
      await stop();
      await s.close();
    },
  };
}
