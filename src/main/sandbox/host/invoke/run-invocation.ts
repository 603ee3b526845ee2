// One `invoke` message: find or build the instance's compartment, call run() or a hook on a
// fresh `this`, and answer with everything it emitted and changed, also when it threw (the
// main process decides what to commit). A workflow step (request.step) is called as
// run({ steps, $ }) and also reports what its `$` recorded.
import type { DbChanges, EmitRecord, InterfaceValue, InvokeRequest, LogStream, StepResult } from '../../../domain/invocations';
import type { Send } from '../channel';
import type { CacheEntry, CompartmentCache } from '../component/compartment-cache';
import { loadComponent, type ComponentObject } from '../component/load-component';
import { budgetedLog } from '../log-budget';
import { localScratchDir } from '../scratch-root';
import { serializeError } from '../serialize-error';
import type { DataStoreClient } from '../data-store-client';
import { BatchReports, type LoopTurns } from './batch-reports';
import { makeDataStore } from './data-store';
import { makeDbService, type DbService } from './db-service';
import { makeEmit } from './emitter';
import { makeHttpInterface } from './http-interface';
import { buildInstance } from './instance';
import { emptyStepResult, makeStep, type Step } from './step-dollar';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

export interface InvocationDeps {
  cache: CompartmentCache;
  send: Send;
  dataStores: DataStoreClient;
  /** Turns of the event loop the runner has noticed (see batch-reports.ts). */
  turns: LoopTurns;
}

function compartmentFor(id: number, req: InvokeRequest, deps: InvocationDeps): CacheEntry {
  const cached = deps.cache.get(req.instanceId, req.codeHash);
  if (cached) return cached;
  const entry = { instanceId: req.instanceId, codeHash: req.codeHash, logId: id, busy: false, forgotten: false } as CacheEntry;
  entry.loaded = loadComponent({
    code: req.code,
    instanceId: req.instanceId,
    scratchDir: localScratchDir(req.scratchDir),
    // Reads logId at write time: output of a leftover timer is filed under the latest invocation.
    sink: budgetedLog(deps.send, () => entry.logId),
    env: req.env,
  });
  deps.cache.add(entry);
  return entry;
}

function methodOf(comp: ComponentObject, method: InvokeRequest['method']): Fn | undefined {
  if (method === 'run') {
    if (typeof comp.run !== 'function') throw new TypeError('The component has no run() method');
    return comp.run as Fn;
  }
  const hook = (comp.hooks as Record<string, unknown> | undefined)?.[method];
  return typeof hook === 'function' ? (hook as Fn) : undefined; // a missing hook is a no-op
}

interface Outcome {
  ok: boolean;
  error?: ReturnType<typeof serializeError>;
  emits: EmitRecord[];
  db: DbChanges;
  value?: unknown;
  step?: StepResult;
}

/** A workflow step runs `run` once with `{ steps, $ }`; `batch` does not apply to it. */
const isStep = (req: InvokeRequest): boolean => req.step !== undefined && req.method === 'run';

/** Handles one `invoke` message: one invocation, or a batch of `run` invocations in order. */
export async function runInvocation(id: number, req: InvokeRequest, deps: InvocationDeps): Promise<void> {
  let entry: CacheEntry;
  try {
    entry = compartmentFor(id, req, deps);
  } catch (err) {
    const step = isStep(req) ? { step: emptyStepResult() } : {};
    deps.send({ type: 'result', id, ok: false, error: serializeError(err), emits: [], db: { set: {}, del: [] }, ...step });
    return;
  }
  if (!req.batch || isStep(req)) {
    const o = await runOne(id, req, entry, req.event, req.db, undefined, deps);
    deps.send({ type: 'result', id, ...o });
    return;
  }
  // Each invocation of a batch starts from the db the previous one left.
  let db = req.db;
  const reports = new BatchReports(id, deps.send, deps.turns, req.reportEach === true);
  for (let index = 0; index < req.batch.length; index++) {
    reports.started(index);
    const o = await runOne(id, req, entry, req.batch[index], db, index, deps);
    reports.finished({ index, ...o });
    if (o.db.del.length || Object.keys(o.db.set).length) {
      db = { ...db, ...o.db.set };
      for (const k of o.db.del) delete db[k];
    }
  }
  deps.send({ type: 'result', id, ok: true, emits: [], db: { set: {}, del: [] }, items: reports.close() });
}

async function runOne(
  id: number,
  req: InvokeRequest,
  entry: CacheEntry,
  event: unknown,
  initialDb: Record<string, unknown>,
  index: number | undefined,
  deps: InvocationDeps,
): Promise<Outcome> {
  const emits: EmitRecord[] = [];
  const db: DbChanges = { set: {}, del: [] };
  let open = true;
  const log = (stream: LogStream, line: string) => deps.send({ type: 'log', id, stream, line, ts: Date.now() });
  entry.busy = true;
  entry.logId = id;

  let dbService: DbService | undefined;
  const iface = (name: string, v: InterfaceValue): unknown => {
    if (v.kind === 'http') {
      return makeHttpInterface(v.endpoint, (response) => deps.send({ type: 'respond', id, response, ...(index !== undefined ? { index } : {}) }));
    }
    if (v.kind === 'timer') return structuredClone(v.value);
    if (v.kind === 'data_store') return makeDataStore({ prop: name, storeId: v.id, isOpen: () => open, call: (r) => deps.dataStores.call(id, r) });
    dbService ??= makeDbService({
      initial: initialDb,
      changes: db,
      isOpen: () => open,
      onLateWrite: (k) => log('stderr', `[runnel] db.set("${k}") was called after the invocation ended; the change was not saved`),
    });
    return dbService;
  };
  const step: Step | undefined = req.step && isStep(req)
    ? makeStep({
        context: req.step,
        isOpen: () => open,
        warn: (line) => log('stderr', line),
        respond: (response) => deps.send({ type: 'respond', id, response }),
      })
    : undefined;
  const emit = makeEmit({
    records: emits,
    isOpen: () => open,
    onLateEmit: () => log('stderr', '[runnel] $emit() was called after the invocation ended; the event was dropped'),
  });

  let ok = true;
  let error;
  let value: unknown;
  try {
    const comp = entry.loaded.component;
    entry.loaded.setEnv(req.env);
    const fn = methodOf(comp, req.method);
    if (fn) {
      const self = buildInstance(comp, req, { emit: step ? undefined : emit, iface });
      const returned = await (req.method === 'run' ? fn.call(self, step ? step.argument : event) : fn.call(self));
      if (req.method === 'run') value = passable(returned, log);
    }
  } catch (err) {
    // $.flow.exit() throws to stop the step's code; reaching here that way is a success.
    if (!step?.isExit(err)) {
      ok = false;
      error = serializeError(err);
    }
  } finally {
    open = false;
    // What the invocation left pending would run during another component's invocation.
    const cancelled = entry.loaded.cancelTimers();
    if (cancelled > 0) log('stderr', leftoverNote(req.method, cancelled));
    deps.cache.release(entry);
  }
  return { ok, ...(error ? { error } : {}), emits, db, ...(value !== undefined ? { value } : {}), ...(step ? { step: step.result() } : {}) };
}

function leftoverNote(method: InvokeRequest['method'], count: number): string {
  const what = method === 'run' ? 'run()' : `the ${method}() hook`;
  const timers = count === 1 ? '1 pending timer' : `${count} pending timers`;
  return `[runnel] ${what} returned with ${timers} (setTimeout, setInterval, setImmediate or timers/promises); cancelled, as the hosted service freezes a function once it returns. Await what must finish before returning.`;
}

/** run()'s return value if it can cross the process boundary; otherwise dropped with a note. */
function passable(v: unknown, log: (stream: LogStream, line: string) => void): unknown {
  if (v === undefined) return undefined;
  try {
    const copy = structuredClone(v);
    // The main process keeps it as JSON and refuses what has no JSON form (a BigInt, a cycle).
    JSON.stringify(copy);
    return copy;
  } catch (err) {
    log('stderr', `[runnel] the value returned by run() was dropped: it cannot be copied (${(err as Error).message})`);
    return undefined;
  }
}
