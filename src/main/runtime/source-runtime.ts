import { rm } from 'node:fs/promises';
import { RunnelError } from '../../shared/errors';
import { newId, randomToken } from '../../shared/ids';
import { LIMITS } from '../../shared/limits';
import type { ErrorCounts, LogLine, RunResult } from '../../shared/resources';
import type { HttpDelivery } from '../domain/http';
import type { TriggerInput } from '../domain/triggers';
import type { Logger } from '../logger';
import type { HookName, HttpResponseSpec, InvokeOutcome } from '../domain/invocations';
import type { ComponentDoc, SourceDoc } from '../store/document-types';
import type { StoredEvent } from '../domain/events';
import { eventSummary } from './event-views';
import { resolveProps } from '../engine/props/props';
import { dataStorePropNames } from '../engine/props/data-store-props';
import { SourceInvoker, type SourceInvokerDeps } from './source-invoker';
import { configuredValues, timerEvent } from '../engine/props/timer-config';
import type { DeploymentKind, DeploymentTriggers } from '../engine/deployments/deployment-kind';
import type { Deployments } from '../engine/deployments/deployments';
import type { RunOutcome } from './source-runs';
import type { DataStoreProps } from '../engine/ports/data-stores';
import type { ComponentConfig } from './component-config';
import { uniqueSlug } from './slug';
import { withoutRunnelAnswerCookies } from './http-answer-cookies';
import { applyDbChanges } from '../engine/ports/db-changes';
import { SourceInputs, triggerToKeep } from './source-trigger-inputs';

export interface SourceRuntimeDeps extends SourceInvokerDeps {
  logger: Logger;
  config: ComponentConfig;
  /** Checks a source's `data_store` props (the backend's stores). */
  dataStores: DataStoreProps;
  deployments: Deployments;
}

export interface CreateSourceInput {
  component: ComponentDoc;
  name?: string;
  configuredProps?: Record<string, unknown>;
  timeoutSeconds?: number;
}

export interface UpdateSourceInput {
  component?: ComponentDoc;
  name?: string;
  configuredProps?: Record<string, unknown>;
  timeoutSeconds?: number;
  active?: boolean;
}

/**
 * Deployed sources, one kind of deployment: their lifecycle (spec section 3) and how a batch
 * of their runs is carried out (one runner round trip; see SourceInvoker). Their triggers are
 * the engine's (engine/triggers/), reached through Deployments.
 */
export class SourceRuntime implements DeploymentKind<RunOutcome> {
  readonly name = 'source';
  /** Under load, a batch of up to 64 runs waits 8 ms for more to join it (see DeploymentQueue; docs/benchmarks.md). */
  readonly batching = { maxBatch: 64, holdMs: 8 };
  readonly answerAfterStoreWhenFull = true;
  readonly invoker: SourceInvoker;
  /** Each invocation's kept input: re-runs of it, and the test event. */
  readonly inputs: SourceInputs;

  constructor(private readonly deps: SourceRuntimeDeps) {
    this.invoker = new SourceInvoker(deps);
    this.inputs = new SourceInputs(this, deps);
  }

  /** Registers every stored source and resumes the active ones. */
  start(): void {
    for (const doc of this.deps.docs.data.sources) this.deps.deployments.register(this, doc.id);
  }

  get(id: string): SourceDoc {
    const doc = this.deps.docs.source(id);
    if (!doc) throw new RunnelError('not_found', `No source with id "${id}"`);
    return doc;
  }

  component(doc: SourceDoc): ComponentDoc {
    const c = this.deps.docs.component(doc.component_id);
    if (!c) throw new RunnelError('not_found', `The component of source ${doc.id} is missing`);
    return c;
  }

  async create(input: CreateSourceInput): Promise<SourceDoc> {
    const comp = input.component;
    if (comp.type === 'action') {
      throw new RunnelError('invalid_component', `"${comp.name}" is an action; actions run as workflow steps, not as sources`);
    }
    const props = await this.deps.config.props(comp, input.configuredProps ?? {});
    const resolved = resolveProps(props, input.configuredProps ?? {}, { app: (p, v) => this.deps.accounts.configure(p, v), dataStore: (p, v) => this.deps.dataStores.configure(p, v) });
    const now = Math.floor(this.deps.clock.now() / 1000);
    const name = input.name ?? comp.name;
    const doc: SourceDoc = {
      id: newId('dc'),
      component_id: comp.id,
      name,
      name_slug: uniqueSlug(name, this.deps.docs.data.sources.map((s) => s.name_slug)),
      active: true,
      props: this.deps.secrets.seal(props, resolved.values),
      timer: resolved.timer ? { ...resolved.timer } : null,
      http: resolved.http ? { ...resolved.http, token: randomToken(22) } : null,
      db_props: resolved.dbProps,
      data_store_props: dataStorePropNames(props),
      timeout_seconds: input.timeoutSeconds ?? null,
      created_at: now,
      updated_at: now,
    };
    let outcomes: InvokeOutcome[];
    try {
      outcomes = await this.invoker.runHooks(doc, comp, ['deploy', 'activate'], {});
    } catch (err) {
      // Nothing of a failed create is kept: not its compartment, not its scratch files.
      this.deps.sandbox.forget(doc.id);
      await rm(this.deps.paths.scratch(doc.id), { recursive: true, force: true });
      throw err;
    }
    await this.deps.docs.update((d) => {
      d.sources.push(doc);
    });
    for (const o of outcomes) await this.invoker.commit(doc, comp, o);
    this.deps.deployments.register(this, doc.id);
    return doc;
  }

  async update(id: string, input: UpdateSourceInput): Promise<SourceDoc> {
    this.get(id);
    return this.deps.deployments.task(this, id, async () => {
      const doc = this.get(id);
      const oldComp = this.component(doc);
      const comp = input.component ?? oldComp;
      if (comp.type === 'action') throw new RunnelError('invalid_component', `"${comp.name}" is an action, not a source`);
      const configured = { ...configuredValues(doc), ...(input.configuredProps ?? {}) };
      const props = await this.deps.config.props(comp, this.deps.secrets.reveal(configured));
      const resolved = resolveProps(props, configured, { app: (p, v) => this.deps.accounts.configure(p, v), dataStore: (p, v) => this.deps.dataStores.configure(p, v) });
      const next: SourceDoc = {
        ...doc,
        component_id: comp.id,
        props: this.deps.secrets.seal(props, resolved.values, doc.props),
        timer: resolved.timer ? { ...resolved.timer } : null,
        http: resolved.http ? { ...resolved.http, token: doc.http?.token ?? randomToken(22) } : null,
        db_props: resolved.dbProps,
        data_store_props: dataStorePropNames(props),
        timeout_seconds: input.timeoutSeconds ?? doc.timeout_seconds,
        active: input.active ?? doc.active,
        updated_at: Math.floor(this.deps.clock.now() / 1000),
      };
      if (input.name !== undefined && input.name !== doc.name) {
        next.name = input.name;
        next.name_slug = uniqueSlug(input.name, this.deps.docs.data.sources.filter((s) => s.id !== id).map((s) => s.name_slug));
      }
      const outcomes = await this.transition(doc, oldComp, next, comp);
      await this.deps.docs.update((d) => {
        const i = d.sources.findIndex((s) => s.id === id);
        // The virtual clock may have advanced while the hooks ran: keep the stored offset.
        if (i >= 0) d.sources[i] = { ...next, clock_offset_ms: d.sources[i].clock_offset_ms };
      });
      for (const o of outcomes) await this.invoker.commit(next, comp, o);
      if (comp.code_hash !== oldComp.code_hash) this.deps.sandbox.forget(id);
      this.deps.deployments.register(this, id);
      return next;
    });
  }

  /** Runs the hooks an update needs; on failure restores the old version and throws. */
  private async transition(doc: SourceDoc, oldComp: ComponentDoc, next: SourceDoc, comp: ComponentDoc): Promise<InvokeOutcome[]> {
    const outcomes: InvokeOutcome[] = [];
    let db = this.deps.events.db(doc.id);
    if (doc.active) {
      const [off] = await this.invoker.runHooks(doc, oldComp, ['deactivate'], db);
      if (off) {
        outcomes.push(off);
        db = applyDbChanges(db, off.db);
      }
    }
    if (next.active) {
      try {
        outcomes.push(...(await this.invoker.runHooks(next, comp, ['activate'], db)));
      } catch (err) {
        // The old version keeps running: re-activate it (best effort) before reporting.
        if (doc.active) await this.invoker.runHooks(doc, oldComp, ['activate'], this.deps.events.db(doc.id)).catch(() => undefined);
        throw err;
      }
    }
    return outcomes;
  }

  async remove(id: string, opts: { force?: boolean } = {}): Promise<void> {
    this.get(id);
    await this.deps.deployments.task(this, id, async () => {
      const doc = this.get(id);
      if (doc.active) {
        try {
          await this.invoker.runHooks(doc, this.component(doc), ['deactivate'], this.deps.events.db(id));
        } catch (err) {
          if (!opts.force) throw err;
        }
      }
      await this.deps.deployments.forget(id);
      await this.deps.docs.update((d) => {
        d.sources = d.sources.filter((s) => s.id !== id);
      });
      this.deps.sandbox.forget(id);
      await this.deps.events.drop(id);
      await this.deps.logs.drop(id);
      await this.deps.errors.drop(id);
      await rm(this.deps.paths.scratch(id), { recursive: true, force: true });
    });
  }

  /** Runs the source once with `event` (default: a timer-shaped event); resolves when done. */
  async runManually(id: string, event?: unknown): Promise<RunResult> {
    const doc = this.get(id);
    const ev = event === undefined ? timerEvent(doc.timer, this.deps.clock.now()) : event;
    return this.runOnce(id, { event: ev, sourceType: 'manual', hops: 0 });
  }

  /** Runs one trigger through the source's queue and answers as a manual run does. */
  async runOnce(id: string, input: TriggerInput): Promise<RunResult> {
    const started = this.deps.clock.now();
    const r = await this.deps.deployments.dispatch<RunOutcome>(id, input);
    return {
      ok: r.outcome.ok,
      error: r.outcome.error ?? null,
      emitted: r.stored.map((e) => eventSummary(id, e, true)),
      deduped: r.deduped,
      duration_ms: this.deps.clock.now() - started,
    };
  }

  triggersOf(id: string): DeploymentTriggers | undefined {
    const doc = this.deps.docs.source(id);
    if (!doc) return undefined;
    const respond = doc.http?.customResponse ? { timeoutMs: Math.min(LIMITS.customResponseWaitMs, this.invoker.timeoutMs(doc)) } : null;
    return {
      active: doc.active,
      http: doc.http ? { token: doc.http.token, respond } : null,
      timer: doc.timer,
      clockOffsetMs: doc.clock_offset_ms ?? 0,
    };
  }

  runBatch(id: string, inputs: TriggerInput[]): Promise<RunOutcome[]> {
    const doc = this.get(id);
    const now = this.deps.clock.now();
    const reqs = inputs.map((i) => ({
      event: i.event,
      size: i.size ?? 0,
      trigger: triggerToKeep(i, now),
      // A component may not set Runnel's own cookies on its answer.
      onRespond: i.onRespond && ((answer: HttpResponseSpec) => i.onRespond!(withoutRunnelAnswerCookies(answer, (line) => this.invoker.systemLog(id, line)))),
    }));
    return this.invoker.invokeRuns(doc, this.component(doc), reqs);
  }

  answerWithoutRespond(): HttpDelivery {
    return { kind: 'no_respond', deployment: 'source' };
  }

  answerFailure(): undefined {
    return undefined;
  }

  /** A queued run could not happen (the source was deleted meanwhile, or the store failed). */
  report(id: string, problem: unknown): void {
    if (typeof problem === 'string') return this.invoker.systemLog(id, problem);
    if (problem instanceof RunnelError && problem.code === 'not_found') return;
    if (problem instanceof RunnelError && problem.code === 'storage_full') {
      // The store has reported the full disk once; the source's own log says what it lost.
      this.invoker.systemLog(id, 'an invocation was not stored (its events and db changes are lost): the disk is full');
      return;
    }
    this.deps.logger.error(`invocation of ${id} failed`, problem);
  }

  /** How often the source's runs failed, and the last failure. */
  errorCounts(id: string): ErrorCounts {
    return this.deps.errors.counts(id);
  }

  logs(id: string): LogLine[] {
    this.get(id);
    return this.deps.logs.list(id);
  }

  /** A source's configured values as API responses show them (secrets masked). */
  maskProps(props: Record<string, unknown>): Record<string, unknown> {
    return this.deps.secrets.mask(props);
  }

  /** Latest stored events reach SSE readers through the bus. */
  onEvent(id: string, l: (e: StoredEvent) => void): () => void {
    return this.deps.bus.onEvent(id, l);
  }
}


export type { HookName };
