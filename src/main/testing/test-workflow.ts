// runnel/testing's workflows: the service's own engine in-process — Deployments and the flow
// trigger, the workflow kind, the run executor, the stores on a temp dir, a sandbox runner — with
// a clock that only the test moves. A run that pauses ($.flow.delay, suspend, rerun, an
// auto-retry) goes on when the test advances the clock or calls its resume/cancel URL, at once
// and in due order: the same paused-run machinery as the service, deterministic.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId, randomToken } from '../../shared/ids';
import type { OutboxMessage, WorkflowRun } from '../../shared/resources';
import { parseDuration } from '../../shared/duration';
import { pathsFor } from '../config/paths';
import { silentLogger } from '../logger';
import { deploymentEngine } from '../engine/deployment-engine';
import { memoryPausedRuns } from '../engine/ports/paused-runs';
import { Accounts } from '../runtime/accounts';
import { EnvVars } from '../runtime/env-vars';
import { EventBus } from '../runtime/event-bus';
import { PackageCache } from '../runtime/packages/package-cache';
import { Secrets } from '../runtime/secrets';
import { Destinations } from '../runtime/workflows/destinations';
import { ErrorsChannel } from '../runtime/workflows/errors-channel';
import { RunExecutor, workflowTimeoutMs } from '../runtime/workflows/run-executor';
import { Subscriptions } from '../runtime/workflows/subscriptions';
import { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';
import { WorkflowRuns } from '../runtime/workflows/workflow-runs';
import type { RunnerPool } from '../sandbox/client/runner-pool';
import { Scheduler } from '../scheduler/scheduler';
import { BoundedLists } from '../store/bounded-lists';
import type { ComponentDoc, StepDoc, WorkflowDoc } from '../store/document-types';
import type { PropDescriptor } from '../domain/components';
import { DocumentStore } from '../store/documents';
import { EventStore } from '../store/event-store';
import { SecretBox } from '../store/secret-box';
import { DATA_STORE_PROP } from '../../shared/data-stores';
import { compileFile } from './compile-file';
import type { ComponentStores } from './data-stores';
import type { TestWorkflow, WorkflowOptions } from './public';

/**
 * Builds the workflow of `o.steps` on `pool`; `stores` are the ones the pool serves its runner's
 * data store calls from, so the engine checks steps' `data_store` props against the same stores.
 * The caller disposes the pool and the stores after close().
 */
export async function openTestWorkflow(o: WorkflowOptions, pool: RunnerPool, packages: PackageCache, scratchRoot: string, stores: ComponentStores): Promise<TestWorkflow> {
  // Steps compile and name their stores first: a workflow that does not load leaves no folder behind.
  for (const [name, seed] of Object.entries(o.dataStores ?? {})) await stores.add(name, seed);
  const comps: ComponentDoc[] = [];
  const steps: StepDoc[] = [];
  for (const s of o.steps) {
    const compiled = await compileFile(s.file, pool, packages, o.onProgress);
    const id = newId('sc');
    comps.push({ id, code: '', compiled: compiled.code, code_hash: compiled.codeHash, ...compiled.fields, inline: true, created_at: 0, updated_at: 0 } as ComponentDoc);
    steps.push({ id: newId('c'), name: s.name, component_id: id, configured_props: storesByName(s, compiled.fields.props, stores) });
  }
  const dir = await mkdtemp(join(tmpdir(), 'runnel-testing-wf-'));
  try {
    return await openIn(dir, { o, pool, scratchRoot, stores, comps, steps });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

interface Compiled {
  o: WorkflowOptions;
  pool: RunnerPool;
  scratchRoot: string;
  stores: ComponentStores;
  comps: ComponentDoc[];
  steps: StepDoc[];
}

/** The engine of the workflow, its stores and documents on `dir`; its steps are compiled. */
async function openIn(dir: string, { o, pool, scratchRoot, stores, comps, steps }: Compiled): Promise<TestWorkflow> {
  // Steps' /tmp under the pool's scratch root: the only place its runner may write.
  const paths = { ...pathsFor(dir), scratchRoot, scratch: (id: string) => join(scratchRoot, id) };
  // The clock the engine sees: real time, plus nothing: the workflow's own offset moves instead.
  const clock = { now: () => Date.now() };
  const docs = await DocumentStore.open(paths.documents, { now: clock.now });
  await docs.update((d) => {
    d.user = { id: newId('u'), created_at: Math.floor(clock.now() / 1000) };
  });
  const events = new EventStore({ dir: paths.eventsDir, clock, logger: silentLogger, retention: () => 1000 });
  await events.openAll();
  // One set of stores for the engine (it checks steps' data_store props) and the runner (its calls).
  const dataStores = stores;
  const box = await SecretBox.open(paths.secretsKeyFile);
  const bus = new EventBus();
  const env = new EnvVars(docs, box, clock);
  for (const [k, v] of Object.entries(o.env ?? {})) await env.set(k, { value: v, secret: false });
  const outbox = new BoundedLists<OutboxMessage>(paths.outboxDir, 100);
  await outbox.openAll();
  const finished = new BoundedLists<WorkflowRun>(paths.runsDir, 100);
  await finished.openAll();
  const scheduler = new Scheduler(clock);
  // Paused runs never go on by themselves here: only advance(), resume() and cancel() move them.
  const engine = deploymentEngine({ capacity: () => 100, scheduler, storeFull: () => false, pausedRuns: memoryPausedRuns(), clock, armAt: () => ({ cancel: () => undefined }) });
  const destinations = new Destinations({ events, bus, outbox, paths, clock });
  const errors = new ErrorsChannel({ clock, destinations });
  const accounts = new Accounts(docs, box, clock);
  const secrets = new Secrets(box);
  const executor = new RunExecutor({
    ...{ docs, events, sandbox: pool, clock, logger: silentLogger, paths, destinations, errors, secrets, accounts, dataStores, env },
    timeoutMs: workflowTimeoutMs,
    flowUrl: (token, action) => `${FLOW_BASE}/${token}/${action}`,
  });
  const runs = new WorkflowRuns(finished);
  const runtime = new WorkflowRuntime({
    ...{ docs, clock, logger: silentLogger, runs, endpointUrl: (t: string) => `http://127.0.0.1:4620/e/${t}`, executor, errors, runners: 1 },
    ...{ subscriptions: new Subscriptions({ docs }), deployments: engine.deployments, flow: engine.flow },
    // Steps are written into the documents here, compiled from the test's files.
    ...{ catalog: undefined as never, secrets, accounts, dataStores },
  });

  const wf: WorkflowDoc = {
    ...{ id: newId('p'), deployment_id: newId('d'), name: o.name ?? 'test workflow', trigger: { type: 'manual' }, steps, active: true, created_at: 0, updated_at: 0 },
    timeout_seconds: o.timeoutSeconds ?? null,
    ...(o.autoRetry ? { auto_retry: true } : {}),
  };
  await docs.update((d) => {
    d.components.push(...comps);
    d.workflows.push(wf);
  });
  await runtime.start();

  const current = (runId: string): WorkflowRun => runs.get(wf.id, runId);
  const settle = async () => {
    // A pause's end is stored before its run is queued: wait until each ended pause has gone on.
    for (let i = 0; i < 1000; i++) {
      await engine.deployments.drain();
      if (!engine.flow.of(wf.id).some((r) => r.ended)) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const byUrl = async (runId: string, action: 'resume' | 'cancel', body: unknown) => {
    const record = engine.flow.of(wf.id).find((r) => r.runId === runId && !r.ended);
    if (!record) throw new Error(`runnel/testing: run ${runId} is not paused`);
    const token = action === 'resume' ? record.resumeToken : record.cancelToken;
    await engine.flow.endByUrl(token, { method: 'POST', path: '/', query: {}, headers: { 'content-type': 'application/json' }, body: body ?? '' }, action);
    await settle();
    return current(runId);
  };
  return {
    async run(event) {
      const r = await runtime.runManually(wf.id, event ?? {});
      return current(r.id);
    },
    get: current,
    runs: () => runs.list(wf.id),
    async advance(by) {
      const ms = typeof by === 'number' ? by : parseDuration(by) * 1000;
      const upTo = engine.flow.virtualNow(wf.id) + ms;
      const touched: string[] = [];
      for (let next = engine.flow.due(wf.id, upTo)[0]; next; next = engine.flow.due(wf.id, upTo)[0]) {
        touched.push(next.runId);
        await engine.flow.fireDue(next, next.dueAt);
      }
      let offset = 0;
      await docs.update((d) => {
        const w = d.workflows.find((x) => x.id === wf.id)!;
        offset = w.clock_offset_ms = (w.clock_offset_ms ?? 0) + ms;
      });
      engine.flow.moveClock(wf.id, offset);
      return [...new Set(touched)].map(current);
    },
    resume: (runId, body) => byUrl(runId, 'resume', body),
    cancel: (runId) => byUrl(runId, 'cancel', undefined),
    dataStore(name) {
      const handle = stores.handle(name);
      if (!handle) throw new Error(`runnel/testing: the workflow has no data store "${name}" (${namesOf(stores)})`);
      return handle;
    },
    async errors() {
      return events.list(wf.id, { channel: '$errors', limit: 100 }).events.map((e) => e.ev).reverse();
    },
    async close() {
      await engine.deployments.drain();
      engine.deployments.dispose();
      scheduler.dispose();
      await outbox.close();
      await finished.close();
      await events.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resume and cancel URLs in tests: unique, never served (use resume() / cancel()). */
const FLOW_BASE = `http://127.0.0.1:4620/flow/test-${randomToken(8)}`;

/** A step's props with each `data_store` prop's store name (a key of `dataStores`) as its `{ data_store_id }`. */
function storesByName(step: WorkflowOptions['steps'][number], props: readonly PropDescriptor[], stores: ComponentStores): Record<string, unknown> {
  const configured = { ...step.props };
  for (const p of props) {
    const name = configured[p.name];
    if (p.type !== DATA_STORE_PROP || typeof name !== 'string') continue;
    const handle = stores.handle(name);
    if (!handle) throw new Error(`runnel/testing: step "${step.name}": prop "${p.name}" names the data store "${name}", but ${namesOf(stores)}`);
    configured[p.name] = { data_store_id: handle.id };
  }
  return configured;
}

function namesOf(stores: ComponentStores): string {
  const names = stores.names();
  return names.length > 0 ? `the workflow's dataStores are ${names.map((n) => `"${n}"`).join(', ')}` : `the workflow has none: give them with loadWorkflow's dataStores option`;
}
