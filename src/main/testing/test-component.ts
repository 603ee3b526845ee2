// A component loaded by runnel/testing: each call is one invocation in the component's own
// runner process (the service's sandbox), built and committed by the service's own invocation
// pipeline (engine/invocation: the request, a step's props, the commit of emits, dedupe and db),
// on an in-memory log instead of the journal.
import { rm } from 'node:fs/promises';
import { DATA_STORE_PROP } from '../../shared/data-stores';
import { randomToken } from '../../shared/ids';
import type { LogLine } from '../../shared/resources';
import { commitInvocation } from '../engine/invocation/commit';
import { sourceInterfaces } from '../engine/invocation/interface-values';
import { MemoryEmitLog } from '../engine/invocation/memory-emit-log';
import { invokeRequest, type InvocationInput, type InvocationValues } from '../engine/invocation/request';
import { stepValues } from '../engine/invocation/step-values';
import { resolveProps, type ResolvedProps } from '../engine/props/props';
import { PLATFORM_VERSION } from '../runtime/workflows/run-executor';
import type { RunnerPool } from '../sandbox/client/runner-pool';
import type { HttpResponseSpec, InvokeMethod, InvokeOutcome, SendRecord, StepContext } from '../domain/invocations';
import type { PropDescriptor } from '../domain/components';
import type { ComponentFields } from './compile-file';
import type { ComponentStores } from './data-stores';
import { resolveEvent } from './events';
import type { ActionRunOptions, ActionRunResult, EmittedEvent, HttpResponse, SendCall, SourceRunResult, TestComponent, TestDataStore } from './public';

/** The endpoint a test component's HTTP interface reports (no server listens there). */
export const TEST_ENDPOINT = 'http://127.0.0.1:4620/e/runnel-testing-endpoint';

export interface TestComponentParts {
  pool: RunnerPool;
  code: string;
  codeHash: string;
  fields: ComponentFields;
  /** The component's props after additionalProps(), as on deploy. */
  props: PropDescriptor[];
  /** Its `data_store` props hold their stores' ids here. */
  configured: Record<string, unknown>;
  auth: Record<string, Record<string, unknown>>;
  db: Record<string, unknown>;
  stores: ComponentStores;
  timeoutMs: number;
  /** The project's environment variables. */
  env: Record<string, string>;
  /** Removed by close(): holds the scratch folder (the component's /tmp) and the data stores. */
  dir: string;
  scratchDir: string;
}

const EMPTY_DB = { set: {}, del: [] as string[] };

export class LoadedComponent implements TestComponent {
  /** The component's emits, dedupe state and db, committed as the service commits them. */
  private readonly log = new MemoryEmitLog();
  /** For sources: props resolved once, as on deploy (an action resolves them per run, after its expressions). */
  private readonly resolved: ResolvedProps | null;
  private readonly instanceId: string;
  private closed = false;

  constructor(private readonly p: TestComponentParts) {
    const source = p.fields.type === 'source';
    this.instanceId = `${source ? 'dc' : 'c'}_test${randomToken(8)}`;
    this.log.seed(this.instanceId, p.db);
    this.resolved = source ? this.resolve(p.configured) : null;
  }

  get name(): string {
    return this.p.fields.name;
  }
  get key(): string | null {
    return this.p.fields.key;
  }
  get version(): string {
    return this.p.fields.version;
  }
  get type(): 'source' | 'action' {
    return this.p.fields.type;
  }
  get dedupe(): TestComponent['dedupe'] {
    return this.p.fields.dedupe;
  }
  get db(): Record<string, unknown> {
    return this.log.db(this.instanceId);
  }
  get endpoint(): string {
    return TEST_ENDPOINT;
  }

  async run(event?: unknown): Promise<SourceRunResult> {
    const resolved = this.sourceOnly('run');
    const ev = resolveEvent(event, { timer: resolved.timer, endpoint: TEST_ENDPOINT });
    if (!this.p.fields.has_run) {
      // A timer source without `run`: the platform emits the timer event itself.
      return await this.commit({ ok: true, emits: [{ event: ev }], db: EMPTY_DB, killed: false }, [], undefined);
    }
    return this.invokeSource('run', ev);
  }

  async hook(name: 'deploy' | 'activate' | 'deactivate'): Promise<SourceRunResult> {
    this.sourceOnly(name);
    if (!this.p.fields.hooks.includes(name)) return { emitted: [], deduped: 0, logs: [], db: this.db, dataStores: await this.p.stores.contents() };
    return this.invokeSource(name, undefined);
  }

  async runAction(o: ActionRunOptions = {}): Promise<ActionRunResult> {
    this.open();
    if (this.type !== 'action') throw new Error(`runnel/testing: "${this.name}" is a source: use run(event)`);
    const started = Date.now();
    const runId = `r_test${randomToken(8)}`;
    const context = {
      id: runId,
      ts: new Date(started).toISOString(),
      workflow_id: 'p_test',
      deployment_id: 'd_test',
      emitter_id: 'p_test',
      owner_id: 'u_test',
      platform_version: PLATFORM_VERSION,
      trace_id: runId,
      workflow_name: 'test',
      deadline: started + this.p.timeoutMs,
      source_type: 'manual',
      verified: false,
      hops: 0,
      run: { runs: 1 },
      ...o.context,
    };
    const event = resolveEvent(o.event ?? {}, { timer: null, endpoint: TEST_ENDPOINT });
    const steps: Record<string, unknown> = { trigger: { event, context }, ...o.steps };
    const logs: LogLine[] = [];
    let values: Omit<InvocationValues, 'db'>;
    try {
      // As the workflow runtime does: expressions against earlier steps, then the prop checks.
      values = await stepValues(
        this.p.pool,
        this.p.props,
        { ...this.p.configured, ...o.props },
        steps,
        this.name,
        {
          app: () => null,
          dataStore: (p, v) => this.p.stores.configure(p, v),
          auth: (p) => ({ $auth: this.authOf(p) }),
        },
        this.p.env,
      );
    } catch (err) {
      return { exports: {}, sends: [], logs, db: this.db, dataStores: await this.p.stores.contents(), error: { name: 'ConfigurationError', message: (err as Error).message } };
    }
    const step: StepContext = { steps, context, canRespond: true };
    let response: HttpResponse | undefined;
    const outcome = await this.invoke('run', values, { step }, logs, (r) => (response ??= toResponse(r)));
    // As the workflow runtime: a step's db changes are kept unless it was killed.
    if (!outcome.killed) await commitInvocation(this.log, this.instanceId, null, { emits: [], db: outcome.db }, { onRefused: () => {} });
    const result = outcome.step;
    return {
      ...(outcome.value !== undefined ? { returnValue: outcome.value } : {}),
      exports: result?.exports ?? {},
      ...(result?.summary !== undefined ? { summary: result.summary } : {}),
      ...(result?.exit ? { exit: result.exit } : {}),
      // As the workflow runtime: a failed step's sends are never carried out.
      sends: outcome.ok ? (result?.sends ?? []).map(toSendCall) : [],
      ...(response ? { response } : {}),
      logs,
      db: this.db,
      // Each store operation was committed before the component saw it resolve: kept also when
      // the step threw or was killed, as in the service.
      dataStores: await this.p.stores.contents(),
      ...(outcome.ok ? {} : { error: outcome.error ?? { name: 'Error', message: 'The step failed' } }),
    };
  }

  dataStore(prop: string): TestDataStore {
    this.open();
    const handle = this.p.stores.handle(prop);
    if (handle) return handle;
    const known = this.p.props.find((p) => p.name === prop);
    if (!known) throw new Error(`runnel/testing: "${this.name}" has no prop "${prop}"`);
    if (known.type !== DATA_STORE_PROP) throw new Error(`runnel/testing: prop "${prop}" of "${this.name}" is of type ${known.type}, not data_store`);
    throw new Error(`runnel/testing: prop "${prop}" of "${this.name}" has no store (it was loaded with dataStores.${prop}: null)`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.p.pool.dispose();
    await this.p.stores.close();
    await rm(this.p.dir, { recursive: true, force: true });
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  private async invokeSource(method: InvokeMethod, event: unknown): Promise<SourceRunResult> {
    const resolved = this.resolved!;
    const interfaces = sourceInterfaces(
      { timer: resolved.timer, db_props: resolved.dbProps, http: resolved.http && { ...resolved.http, token: '' } },
      () => TEST_ENDPOINT,
      this.p.fields.props,
      resolved.values,
    );
    const logs: LogLine[] = [];
    let response: HttpResponse | undefined;
    const outcome = await this.invoke(method, { props: resolved.values, interfaces }, { event }, logs, (r) => (response ??= toResponse(r)));
    return this.commit(outcome, logs, response);
  }

  private invoke(
    method: InvokeMethod,
    values: Omit<InvocationValues, 'db'>,
    input: InvocationInput,
    logs: LogLine[],
    onRespond: (r: HttpResponseSpec) => void,
  ): Promise<InvokeOutcome> {
    const unit = { code: this.p.code, codeHash: this.p.codeHash, instanceId: this.instanceId, scratchDir: this.p.scratchDir, timeoutMs: this.p.timeoutMs, env: this.p.env };
    return this.p.pool.invoke(invokeRequest(unit, method, { ...values, db: this.log.db(this.instanceId) }, input), {
      onLog: (stream, line, ts) => logs.push({ ts, stream, line }),
      onRespond,
    });
  }

  /**
   * What the service commits of an invocation (engine/invocation/commit.ts, the same function):
   * nothing when the runner was killed; otherwise the emits dedupe keeps and the db changes, also
   * when run threw.
   * Data store writes are already committed, one by one, as in the service.
   */
  private async commit(outcome: InvokeOutcome, logs: LogLine[], response: HttpResponse | undefined): Promise<SourceRunResult> {
    const base = {
      logs,
      ...(response ? { response } : {}),
      ...(outcome.value !== undefined ? { returnValue: outcome.value } : {}),
      ...(outcome.ok ? {} : { error: outcome.error ?? { name: 'Error', message: 'The invocation failed' } }),
      dataStores: await this.p.stores.contents(),
    };
    if (outcome.killed) return { emitted: [], deduped: 0, db: this.db, ...base };
    const { stored, deduped } = await commitInvocation(this.log, this.instanceId, this.p.fields.dedupe, outcome, {
      onRefused: (line) => logs.push({ ts: Date.now(), stream: 'stderr', line: `[runnel] ${line}` }),
    });
    const emitted: EmittedEvent[] = stored.map((e) => ({
      event: e.ev,
      meta: { ...(e.did !== undefined ? { id: e.did } : {}), name: e.ch, ...(e.sum !== undefined ? { summary: e.sum } : {}), ...(e.ts !== undefined ? { ts: e.ts } : {}) },
    }));
    return { emitted, deduped, db: this.db, ...base };
  }

  private resolve(configured: Record<string, unknown>): ResolvedProps {
    const resolved = resolveProps(this.p.props, configured, { app: () => null, dataStore: (p, v) => this.p.stores.configure(p, v) });
    for (const p of this.p.props) if (p.type === 'app') resolved.values[p.name] = { $auth: this.authOf(p) };
    return resolved;
  }

  /** null when the test gives none: as on the service, an empty `$auth` that refuses credential reads. */
  private authOf(p: PropDescriptor): Record<string, unknown> | null {
    const given = this.p.auth[p.name] ?? (p.app ? this.p.auth[p.app] : undefined);
    return given === undefined ? null : structuredClone(given);
  }

  private sourceOnly(what: string): ResolvedProps {
    this.open();
    if (!this.resolved) throw new Error(`runnel/testing: "${this.name}" is an action: use runAction() instead of ${what}()`);
    return this.resolved;
  }

  private open(): void {
    if (this.closed) throw new Error(`runnel/testing: "${this.name}" was closed`);
  }
}

function toResponse(r: HttpResponseSpec): HttpResponse {
  return { status: r.status, ...(r.headers ? { headers: r.headers } : {}), ...(r.body !== undefined ? { body: r.body } : {}) };
}

function toSendCall(s: SendRecord): SendCall {
  const { kind, ...params } = s;
  return { kind, params };
}
