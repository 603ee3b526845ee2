import { RunnelError } from '../../../shared/errors';
import { newId, randomToken } from '../../../shared/ids';
import type { CreateWorkflowBody, StepBody, UpdateWorkflowBody, WorkflowTriggerBody } from '../../../shared/api';
import type { Workflow, WorkflowRun } from '../../../shared/resources';
import type { Logger } from '../../logger';
import type { HttpResponseSpec } from '../../domain/invocations';
import type { Clock } from '../../scheduler/clock';
import type { Disposable, Scheduler } from '../../scheduler/scheduler';
import type { BoundedLists } from '../../store/bounded-lists';
import type { StepDoc, WorkflowDoc, WorkflowTriggerDoc } from '../../store/document-types';
import type { DocumentStore } from '../../store/documents';
import type { ComponentCatalog } from '../component-catalog';
import { INTERFACE_TYPES } from '../../engine/props/props';
import type { HttpDelivery, HttpEvent } from '../../domain/http';
import { parseTimerConfig, timerEvent, timerView } from '../../engine/props/timer-config';
import { WorkQueue } from '../work-queue';
import type { Accounts } from '../accounts';
import { DATA_STORE_PROP } from '../../../shared/data-stores';
import type { DataStores } from '../data-stores';
import type { Secrets } from '../secrets';
import { hasExpression } from '../../engine/invocation/expressions';
import { checkStepHttpRequestProps, isHttpRequestProp } from '../../engine/props/http-request-prop';
import type { RunExecutor, TriggerInput } from './run-executor';
import type { Subscriptions } from './subscriptions';
import { stepDynamicProps, stepProps, type PropSet } from '../../engine/props/dynamic-props';

export const RUN_RETENTION = 100;

export interface WorkflowRuntimeDeps {
  docs: DocumentStore;
  catalog: ComponentCatalog;
  scheduler: Scheduler;
  clock: Clock;
  logger: Logger;
  runs: BoundedLists<WorkflowRun>;
  endpointUrl(token: string): string;
  secrets: Secrets;
  accounts: Accounts;
  dataStores: DataStores;
  /** Runs additionalProps() for a step's configured values (engine/props/dynamic-props.ts). */
  config?: PropSet;
  executor(): RunExecutor;
  subscriptions(): Subscriptions;
  /** Each run as it starts, moves from step to step and ends (the account stream). */
  onRun?(run: WorkflowRun): void;
}

/** Default deadlines of the hosted service: 60 s for timers, 30 s otherwise. */
export function workflowTimeoutMs(wf: WorkflowDoc): number {
  return (wf.timeout_seconds ?? (wf.trigger.type === 'timer' ? 60 : 30)) * 1000;
}

/** Workflows: their lifecycle, triggers (HTTP, timer, manual, source) and runs, one at a time each. */
export class WorkflowRuntime {
  private readonly queues = new Map<string, WorkQueue>();
  private readonly timers = new Map<string, Disposable>();
  private readonly byToken = new Map<string, string>();
  private readonly inProgress = new Map<string, WorkflowRun>();

  constructor(private readonly deps: WorkflowRuntimeDeps) {}

  async start(): Promise<void> {
    for (const wf of this.deps.docs.data.workflows) await this.register(wf);
  }

  dispose(): void {
    for (const t of this.timers.values()) t.dispose();
    this.timers.clear();
  }

  get(id: string): WorkflowDoc {
    const wf = this.deps.docs.workflow(id);
    if (!wf) throw new RunnelError('not_found', `No workflow with id "${id}"`);
    return wf;
  }

  list(): WorkflowDoc[] {
    return [...this.deps.docs.data.workflows].reverse();
  }

  async create(body: CreateWorkflowBody): Promise<WorkflowDoc> {
    const now = Math.floor(this.deps.clock.now() / 1000);
    const wf: WorkflowDoc = {
      id: newId('p'),
      deployment_id: newId('d'),
      name: body.name,
      trigger: this.triggerDoc(body.trigger, undefined),
      steps: await this.buildSteps(body.steps, []),
      timeout_seconds: body.timeout_seconds ?? null,
      active: true,
      created_at: now,
      updated_at: now,
    };
    await this.deps.docs.update((doc) => {
      doc.workflows.push(wf);
    });
    await this.register(wf);
    return wf;
  }

  async update(id: string, body: UpdateWorkflowBody): Promise<WorkflowDoc> {
    const old = this.get(id);
    const next: WorkflowDoc = {
      ...old,
      name: body.name ?? old.name,
      trigger: body.trigger ? this.triggerDoc(body.trigger, old.trigger) : old.trigger,
      steps: body.steps ? await this.buildSteps(body.steps, old.steps) : old.steps,
      timeout_seconds: body.timeout_seconds ?? old.timeout_seconds,
      active: body.active ?? old.active,
      deployment_id: body.steps || body.trigger ? newId('d') : old.deployment_id,
      updated_at: Math.floor(this.deps.clock.now() / 1000),
    };
    await this.queue(id).task(async () => {
      await this.unregister(old);
      await this.deps.docs.update((doc) => {
        // The virtual clock may have advanced meanwhile: keep the stored offset.
        doc.workflows = doc.workflows.map((w) => (w.id === id ? { ...next, clock_offset_ms: w.clock_offset_ms } : w));
      });
      await this.register(next);
    });
    return next;
  }

  async remove(id: string): Promise<void> {
    const wf = this.get(id);
    await this.queue(id).task(async () => {
      await this.unregister(wf);
      await this.deps.docs.update((doc) => {
        doc.workflows = doc.workflows.filter((w) => w.id !== id);
      });
      await this.deps.subscriptions().removeFor(id);
    });
    this.queues.delete(id);
  }

  /** Queues a run; resolves with the finished run. Throws 429 when the workflow's queue is full. */
  trigger(id: string, input: TriggerInput): Promise<WorkflowRun> {
    return this.queue(id).boundedTask(async () => {
      const run = await this.deps.executor().execute(this.get(id), input);
      this.inProgress.delete(run.id);
      this.deps.runs.append(id, run);
      this.deps.onRun?.(run);
      return run;
    });
  }

  /** Subscription deliveries: queued, failures only logged. */
  triggerQuietly(id: string, input: TriggerInput): void {
    this.trigger(id, input).catch((err) => this.deps.logger.warn(`run of ${id} not started: ${(err as Error).message}`));
  }

  runManually(id: string, event: unknown): Promise<WorkflowRun> {
    const wf = this.get(id);
    return this.trigger(wf.id, { event: event ?? {}, sourceType: 'manual', hops: 0 });
  }

  /** Called by the executor as a run moves, so GET …/runs shows runs in progress. */
  progress(run: WorkflowRun): void {
    if (run.status === 'running') this.inProgress.set(run.id, run);
    this.deps.onRun?.(run);
  }

  runs(id: string): WorkflowRun[] {
    this.get(id);
    const running = [...this.inProgress.values()].filter((r) => r.workflow_id === id);
    return [...running, ...this.deps.runs.list(id).reverse()];
  }

  run(id: string, runId: string): WorkflowRun {
    const r = this.runs(id).find((x) => x.id === runId);
    if (!r) throw new RunnelError('not_found', `No run "${runId}" in the last ${RUN_RETENTION} runs of ${id}`);
    return r;
  }

  owns(token: string): boolean {
    return this.byToken.has(token);
  }

  isBusy(token: string): boolean {
    const id = this.byToken.get(token);
    return id ? (this.queues.get(id)?.full ?? false) : false;
  }

  /** An HTTP request to the workflow's endpoint. */
  async deliverHttp(token: string, event: HttpEvent): Promise<HttpDelivery> {
    const id = this.byToken.get(token);
    const wf = id ? this.deps.docs.workflow(id) : undefined;
    if (!wf || !wf.active) throw new RunnelError('not_found', 'No active endpoint here');
    if (!this.usesRespond(wf)) {
      this.triggerQuietly(wf.id, { event, sourceType: 'http', hops: 0 });
      return { kind: 'accepted' };
    }
    let response: HttpResponseSpec | undefined;
    let answer!: (d: HttpDelivery) => void;
    const answered = new Promise<HttpDelivery>((r) => (answer = r));
    const run = this.trigger(wf.id, {
      event,
      sourceType: 'http',
      hops: 0,
      onRespond: (r) => {
        response ??= r;
        answer({ kind: 'response', response: r });
      },
    });
    run.then(
      (finished) => {
        if (!response) answer(finished.status === 'error' ? failedBeforeRespond(finished) : { kind: 'no_respond', deployment: 'workflow' });
      },
      (err) => {
        if (!response) answer(runFailed(err));
      },
    );
    return answered;
  }

  view(wf: WorkflowDoc): Workflow {
    return {
      id: wf.id,
      deployment_id: wf.deployment_id,
      name: wf.name,
      trigger: this.triggerView(wf.trigger),
      steps: wf.steps.map((s) => ({
        id: s.id,
        name: s.name,
        component_id: s.component_id,
        component_key: this.deps.docs.component(s.component_id)?.inline ? null : (this.deps.docs.component(s.component_id)?.key ?? null),
        configured_props: this.deps.secrets.mask(s.configured_props),
      })),
      active: wf.active,
      timeout_seconds: workflowTimeoutMs(wf) / 1000,
      created_at: wf.created_at,
      updated_at: wf.updated_at,
    };
  }

  private triggerView(t: WorkflowTriggerDoc): Workflow['trigger'] {
    if (t.type === 'http') return { type: 'http', endpoint_url: this.deps.endpointUrl(t.token) };
    if (t.type === 'timer') return { type: 'timer', ...(timerView(t) as { cron: string | null; interval_seconds: number | null }) };
    return t;
  }

  private usesRespond(wf: WorkflowDoc): boolean {
    // As on the hosted service, the code is read, not run, to know whether to wait.
    return wf.steps.some((s) => this.deps.docs.component(s.component_id)?.code.includes('$.respond') ?? false);
  }

  private queue(id: string): WorkQueue {
    let q = this.queues.get(id);
    if (!q) this.queues.set(id, (q = new WorkQueue({ capacity: () => this.deps.docs.data.settings.source_queue_length })));
    return q;
  }

  private triggerDoc(t: WorkflowTriggerBody, old: WorkflowTriggerDoc | undefined): WorkflowTriggerDoc {
    switch (t.type) {
      case 'http':
        return { type: 'http', token: old?.type === 'http' ? old.token : randomToken(22) };
      case 'manual':
        return { type: 'manual' };
      case 'source':
        if (!this.deps.docs.source(t.source_id)) throw new RunnelError('not_found', `No source with id "${t.source_id}" to trigger on`);
        return { type: 'source', source_id: t.source_id };
      case 'timer':
        return { type: 'timer', ...parseTimerConfig('trigger', t) };
    }
  }

  private async buildSteps(bodies: StepBody[], old: StepDoc[]): Promise<StepDoc[]> {
    const steps: StepDoc[] = [];
    for (const b of bodies) {
      const comp =
        b.code !== undefined
          ? await this.deps.catalog.saveInlineStep(b.code, b.name)
          : b.component_code !== undefined
            ? await this.deps.catalog.save(b.component_code)
            : this.deps.catalog.get((b.key ?? b.component_id)!);
      if (comp.type !== 'action') {
        throw new RunnelError('invalid_component', `Step "${b.name}": "${comp.name}" is a source; workflow steps are actions or code`);
      }
      const configured = b.configured_props ?? {};
      const missing = comp.props
        .filter((p) => !INTERFACE_TYPES.has(p.type) && p.type !== 'app' && !p.optional && p.default === undefined && configured[p.name] === undefined)
        .map((p) => p.name);
      if (missing.length) throw new RunnelError('invalid_props', `Step "${b.name}": missing required prop${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
      for (const p of comp.props) if (p.type === 'app') this.deps.accounts.configure(p, configured[p.name]);
      for (const p of comp.props) if (p.type === DATA_STORE_PROP) this.deps.dataStores.configure(p, configured[p.name]);
      checkStepHttpRequestProps(comp.props, configured, b.name);
      const dynamic = await stepDynamicProps(this.deps.config, comp, configured, b.name, (p, v) => this.deps.dataStores.configure(p, v));
      for (const [k, v] of Object.entries(configured)) {
        if (Buffer.byteLength(typeof v === 'string' ? v : JSON.stringify(v) ?? '') > 64 * 1024) {
          throw new RunnelError('invalid_props', `Step "${b.name}": prop "${k}" is over 64 KB`);
        }
      }
      // A step keeps its id (and so its db) when an update keeps its name.
      const previous = old.find((o) => o.name === b.name);
      // Secret props are sealed at rest; expressions stay readable so they can be evaluated.
      // (An http_request value is sealed even with expressions: only its literal password/token are.)
      const literal = Object.fromEntries(Object.entries(configured).filter(([k, v]) => !hasExpression(v) || isHttpRequestProp(comp.props, k)));
      const sealed = { ...configured, ...this.deps.secrets.seal(stepProps(comp, dynamic), literal, previous?.configured_props) };
      steps.push({ id: previous?.id ?? newId('c'), name: b.name, component_id: comp.id, configured_props: sealed, ...dynamic });
    }
    return steps;
  }

  private async register(wf: WorkflowDoc): Promise<void> {
    const t = wf.trigger;
    if (t.type === 'http') this.byToken.set(t.token, wf.id);
    if (t.type === 'timer' && wf.active) {
      const offsetMs = this.deps.docs.workflow(wf.id)?.clock_offset_ms ?? 0;
      this.timers.set(
        wf.id,
        this.deps.scheduler.schedule(t, (due) => this.triggerQuietly(wf.id, { event: timerEvent(t, due), sourceType: 'timer', hops: 0 }), { key: wf.id, offsetMs }),
      );
    }
    if (t.type === 'source') await this.deps.subscriptions().create(t.source_id, wf.id, '');
  }

  private async unregister(wf: WorkflowDoc): Promise<void> {
    const t = wf.trigger;
    if (t.type === 'http') this.byToken.delete(t.token);
    this.timers.get(wf.id)?.dispose();
    this.timers.delete(wf.id);
    if (t.type === 'source') await this.deps.subscriptions().remove(t.source_id, wf.id, '').catch(() => undefined);
  }
}

/** The run failed before answering: say so, rather than blame a missing $.respond. */
function failedBeforeRespond(run: WorkflowRun): HttpDelivery {
  const failed = run.steps.find((s) => s.status === 'error');
  return { kind: 'step_failed', step: failed?.name, code: failed?.error?.code ?? 'Error', message: failed?.error?.message ?? '' };
}

function runFailed(err: unknown): HttpDelivery {
  return { kind: 'run_failed', message: (err as Error).message, overloaded: err instanceof RunnelError && err.code === 'too_many_requests' };
}
