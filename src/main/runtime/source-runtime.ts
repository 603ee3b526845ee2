import { rm } from 'node:fs/promises';
import { RunnelError } from '../../shared/errors';
import { newId, randomToken } from '../../shared/ids';
import { LIMITS } from '../../shared/limits';
import type { LogLine, RunResult } from '../../shared/resources';
import type { HttpDelivery, HttpEvent } from '../domain/http';
import type { Logger } from '../logger';
import type { HookName, HttpResponseSpec, InvokeOutcome } from '../domain/invocations';
import type { Disposable, Scheduler } from '../scheduler/scheduler';
import type { ComponentDoc, SourceDoc } from '../store/document-types';
import type { StoredEvent } from '../store/event-store';
import { eventSummary } from './event-views';
import { WorkQueue } from './work-queue';
import { resolveProps } from '../engine/props/props';
import { dataStorePropNames } from '../engine/props/data-store-props';
import { SourceInvoker, type SourceInvokerDeps } from './source-invoker';
import { timerEvent } from '../engine/props/timer-config';
import type { DataStores } from './data-stores';
import type { ComponentConfig } from './component-config';
import { uniqueSlug } from './slug';
import { withoutRunnelAnswerCookies } from './http-answer-cookies';
import { applyDbChanges } from '../engine/invocation/db-changes';

export interface SourceRuntimeDeps extends SourceInvokerDeps {
  scheduler: Scheduler;
  logger: Logger;
  config: ComponentConfig;
  dataStores: DataStores;
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

/** See WorkQueue's `holdMs`: under load, a batch waits this long for more runs to join it. */
const BATCH_HOLD_MS = 4;

export type { HttpDelivery, HttpEvent } from '../domain/http';

interface LiveSource {
  queue: WorkQueue;
  timer?: Disposable;
}

/**
 * Deployed sources: their lifecycle (spec section 3), their triggers (timer, webhook, manual)
 * and the commit of what each invocation emitted. Knows nothing about HTTP routing.
 */
export class SourceRuntime {
  private readonly live = new Map<string, LiveSource>();
  private readonly byToken = new Map<string, string>();
  readonly invoker: SourceInvoker;

  constructor(private readonly deps: SourceRuntimeDeps) {
    this.invoker = new SourceInvoker(deps);
  }

  /** Registers every stored source and resumes the active ones. */
  start(): void {
    for (const doc of this.deps.docs.data.sources) this.register(doc);
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
    this.register(doc);
    return doc;
  }

  async update(id: string, input: UpdateSourceInput): Promise<SourceDoc> {
    const live = this.liveOf(id);
    return live.queue.task(async () => {
      const doc = this.get(id);
      const oldComp = this.component(doc);
      const comp = input.component ?? oldComp;
      if (comp.type === 'action') throw new RunnelError('invalid_component', `"${comp.name}" is an action, not a source`);
      const configured = { ...this.configuredValues(doc), ...(input.configuredProps ?? {}) };
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
      this.unregister(doc);
      this.register(next);
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
    const live = this.liveOf(id);
    await live.queue.task(async () => {
      const doc = this.get(id);
      if (doc.active) {
        try {
          await this.invoker.runHooks(doc, this.component(doc), ['deactivate'], this.deps.events.db(id));
        } catch (err) {
          if (!opts.force) throw err;
        }
      }
      this.unregister(doc);
      this.live.delete(id);
      await this.deps.docs.update((d) => {
        d.sources = d.sources.filter((s) => s.id !== id);
      });
      this.deps.sandbox.forget(id);
      await this.deps.events.drop(id);
      await this.deps.logs.drop(id);
      await rm(this.deps.paths.scratch(id), { recursive: true, force: true });
    });
  }

  /** Runs the source once with `event` (default: a timer-shaped event); resolves when done. */
  async runManually(id: string, event?: unknown): Promise<RunResult> {
    const doc = this.get(id);
    const live = this.liveOf(id);
    const started = this.deps.clock.now();
    const ev = event === undefined ? timerEvent(doc.timer, this.deps.clock.now()) : event;
    return live.queue.run({ event: ev, size: 0 }).then((r) => {
      return {
        ok: r.outcome.ok,
        error: r.outcome.error ?? null,
        emitted: r.stored.map((e) => eventSummary(doc.id, e, true)),
        deduped: r.deduped,
        duration_ms: this.deps.clock.now() - started,
      };
    });
  }

  /** Hands a webhook request to its source. Throws 404 for unknown or inactive endpoints. */
  async deliverHttp(token: string, event: HttpEvent): Promise<HttpDelivery> {
    const id = this.byToken.get(token);
    const doc = id ? this.deps.docs.source(id) : undefined;
    if (!doc || !doc.active || !doc.http) throw new RunnelError('not_found', 'No active endpoint here');
    const live = this.liveOf(doc.id);
    const size = typeof event.bodyRaw === 'string' ? event.bodyRaw.length : 0;
    // While the disk is full, a request is answered only once its events are stored: an
    // error (507) if they could not be, never a 200 for events that were lost.
    const untilStored = this.deps.events.health.full;
    if (!doc.http.customResponse) {
      const run = live.queue.run({ event, size });
      if (untilStored) {
        await run.catch((err) => {
          this.logQueueFailure(doc.id, err);
          throw err;
        });
      } else {
        run.catch((err) => this.logQueueFailure(doc.id, err));
      }
      return { kind: 'accepted' };
    }
    const timeoutMs = Math.min(LIMITS.customResponseWaitMs, this.invoker.timeoutMs(doc));
    live.queue.assertRoom();
    let held: HttpDelivery | undefined;
    return new Promise<HttpDelivery>((resolve, reject) => {
      let settled = false;
      const settle = (d: HttpDelivery) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(d);
      };
      const timer = setTimeout(
        () => settle({ kind: 'respond_timeout', seconds: Math.round(timeoutMs / 1000) }),
        timeoutMs,
      );
      const onRespond = (answer: HttpResponseSpec) => {
        const response = withoutRunnelAnswerCookies(answer, (line) => this.invoker.systemLog(doc.id, line));
        if (untilStored) held = { kind: 'response', response };
        else settle({ kind: 'response', response });
      };
      live.queue
        .run({ event, size, onRespond })
        .then(
          () => settle(held ?? { kind: 'no_respond', deployment: 'source' }),
          (err) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            reject(err);
          },
        );
    });
  }

  /** Whether a webhook for this token would be refused with 429 right now. */
  isBusy(token: string): boolean {
    const id = this.byToken.get(token);
    return id ? (this.live.get(id)?.queue.full ?? false) : false;
  }

  logs(id: string): LogLine[] {
    this.get(id);
    return this.deps.logs.list(id);
  }

  /** Waits for every queued invocation to finish (used on shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.live.values()].map((l) => l.queue.idle()));
  }

  dispose(): void {
    for (const l of this.live.values()) l.timer?.dispose();
  }

  private liveOf(id: string): LiveSource {
    this.get(id);
    let l = this.live.get(id);
    if (!l) {
      const queue = new WorkQueue({
        capacity: () => this.deps.docs.data.settings.source_queue_length,
        runBatch: (reqs) => {
          const doc = this.get(id);
          return this.invoker.invokeRuns(doc, this.component(doc), reqs);
        },
        holdMs: BATCH_HOLD_MS,
      });
      this.live.set(id, (l = { queue }));
    }
    return l;
  }

  /** A queued run could not happen (the source was deleted meanwhile, or the store failed). */
  private logQueueFailure(id: string, err: unknown): void {
    if (err instanceof RunnelError && err.code === 'not_found') return;
    if (err instanceof RunnelError && err.code === 'storage_full') {
      // The store has reported the full disk once; the source's own log says what it lost.
      this.invoker.systemLog(id, 'an invocation was not stored (its events and db changes are lost): the disk is full');
      return;
    }
    this.deps.logger.error(`invocation of ${id} failed`, err);
  }

  private register(doc: SourceDoc): void {
    const live = this.liveOf(doc.id);
    if (doc.http) this.byToken.set(doc.http.token, doc.id);
    if (doc.active && doc.timer) {
      const offsetMs = this.deps.docs.source(doc.id)?.clock_offset_ms ?? 0;
      live.timer = this.deps.scheduler.schedule(doc.timer, (due) => this.onTimer(doc.id, due), { key: doc.id, offsetMs });
    }
  }

  private unregister(doc: SourceDoc): void {
    if (doc.http) this.byToken.delete(doc.http.token);
    const live = this.live.get(doc.id);
    live?.timer?.dispose();
    if (live) live.timer = undefined;
  }

  private onTimer(id: string, due: number): void {
    const live = this.live.get(id);
    const doc = this.deps.docs.source(id);
    if (!live || !doc || !doc.active) return;
    if (live.queue.full) {
      this.invoker.systemLog(id, 'timer firing skipped: the source already has a full queue of invocations');
      return;
    }
    live.queue.run({ event: timerEvent(doc.timer, due), size: 0 }).catch((err) => this.logQueueFailure(id, err));
  }

  /** The values a source was configured with, in the shape `configured_props` accepts. */
  private configuredValues(doc: SourceDoc): Record<string, unknown> {
    const out: Record<string, unknown> = { ...doc.props };
    if (doc.timer) {
      out[doc.timer.prop] = doc.timer.cron
        ? { cron: doc.timer.cron, ...(doc.timer.timezone ? { timezone: doc.timer.timezone } : {}) }
        : { intervalSeconds: doc.timer.intervalSeconds };
    }
    return out;
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
