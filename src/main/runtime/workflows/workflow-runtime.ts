import { RunnelError } from '../../../shared/errors';
import { newId, randomToken } from '../../../shared/ids';
import type { CreateWorkflowBody, UpdateWorkflowBody, WorkflowTriggerBody } from '../../../shared/api';
import type { Workflow, WorkflowRun } from '../../../shared/resources';
import type { QueueControls } from '../../engine/ports/run-queue';
import type { Logger } from '../../logger';
import type { HttpDelivery } from '../../domain/http';
import type { PausedRecord } from '../../domain/flow';
import type { TriggerInput } from '../../domain/triggers';
import type { Clock } from '../../scheduler/clock';
import type { WorkflowDoc, WorkflowTriggerDoc } from '../../store/document-types';
import type { DocumentStore } from '../../store/documents';
import type { DeploymentKind, DeploymentTriggers } from '../../engine/deployments/deployment-kind';
import type { Deployments } from '../../engine/deployments/deployments';
import type { FlowTrigger } from '../../engine/triggers/flow-trigger';
import type { WorkflowPause } from './run-pause';
import { parseTimerConfig, timerView } from '../../engine/props/timer-config';
import { workflowTimeoutMs, type RunExecutor } from './run-executor';
import type { ErrorsChannel } from './errors-channel';
import { buildSteps, type StepBuilderDeps } from './step-builder';
import { controlsFrom, controlsView, queueControls, queueFullError } from './workflow-controls';
import { emailInput } from '../email/email-input';
import { openNeeds } from './hosted-needs';
import type { Subscriptions } from './subscriptions';
import type { WorkflowRuns } from './workflow-runs';

export interface WorkflowRuntimeDeps extends StepBuilderDeps {
  docs: DocumentStore;
  clock: Clock;
  logger: Logger;
  runs: WorkflowRuns;
  endpointUrl(token: string): string;
  executor: RunExecutor;
  subscriptions: Subscriptions;
  deployments: Deployments;
  errors: ErrorsChannel;
  /** How many runner processes the sandbox may start: what "unlimited" concurrency means here. */
  runners: number;
  /** Paused runs: stored, resumed by URL or timer through the workflow's queue. */
  flow: FlowTrigger;
}

/**
 * Workflows, one kind of deployment: their lifecycle, and a run (the executor's steps) for each
 * trigger, one at a time each. Their triggers (HTTP, timer, manual, a source's events) are the
 * engine's, reached through Deployments.
 */
export class WorkflowRuntime implements DeploymentKind<WorkflowRun> {
  readonly name = 'workflow';
  readonly batching = { maxBatch: 1, holdMs: 0 };
  readonly answerAfterStoreWhenFull = false;

  constructor(private readonly deps: WorkflowRuntimeDeps) {}

  async start(): Promise<void> {
    for (const wf of this.deps.docs.data.workflows) {
      // Runs paused before the last stop show again, as they were stored.
      for (const r of this.deps.flow.of(wf.id)) this.deps.runs.progress((r.state as WorkflowPause).run);
      await this.register(wf);
    }
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
      steps: await buildSteps(this.deps, body.steps, []),
      timeout_seconds: body.timeout_seconds ?? null,
      ...controlsFrom(body, {}),
      ...(body.hosted ? { hosted: body.hosted } : {}),
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
      steps: body.steps ? await buildSteps(this.deps, body.steps, old.steps) : old.steps,
      timeout_seconds: body.timeout_seconds ?? old.timeout_seconds,
      ...controlsFrom(body, old),
      active: body.active ?? old.active,
      ...(body.hosted ? { hosted: body.hosted } : {}),
      deployment_id: body.steps || body.trigger ? newId('d') : old.deployment_id,
      updated_at: Math.floor(this.deps.clock.now() / 1000),
    };
    await this.deps.deployments.task(this, id, async () => {
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
    await this.deps.deployments.task(this, id, async () => {
      await this.unregister(wf);
      await this.deps.docs.update((doc) => {
        doc.workflows = doc.workflows.filter((w) => w.id !== id);
      });
      await this.deps.subscriptions.removeFor(id);
      await this.deps.deployments.forget(id);
    });
  }

  /** Queues a run; resolves with the finished run. Throws 429 when the workflow's queue is full. */
  trigger(id: string, input: TriggerInput): Promise<WorkflowRun> {
    this.get(id);
    return this.deps.deployments.dispatch<WorkflowRun>(id, input);
  }

  /** A run by hand; an HTTP workflow's `$.respond` in it answers no one (the executor logs it). */
  runManually(id: string, event: unknown): Promise<WorkflowRun> {
    return this.trigger(id, { event: event ?? {}, sourceType: 'manual', hops: 0 });
  }

  runs(id: string): WorkflowRun[] {
    this.get(id);
    return this.deps.runs.views(id);
  }

  run(id: string, runId: string): WorkflowRun {
    this.get(id);
    return this.deps.runs.get(id, runId);
  }

  triggersOf(id: string): DeploymentTriggers | undefined {
    const wf = this.deps.docs.workflow(id);
    if (!wf) return undefined;
    const t = wf.trigger;
    return {
      active: wf.active,
      // A run answers within its own deadline: no separate wait for $.respond.
      http: t.type === 'http' || t.type === 'email' ? { token: t.token, respond: this.usesRespond(wf) ? { timeoutMs: null } : null } : null,
      timer: t.type === 'timer' ? t : null,
      clockOffsetMs: wf.clock_offset_ms ?? 0,
    };
  }

  async runBatch(id: string, inputs: TriggerInput[]): Promise<WorkflowRun[]> {
    const runs: WorkflowRun[] = [];
    for (const input of inputs) {
      const wf = this.get(id);
      // An e-mail trigger's event is the parsed message (the request carried the raw RFC 822 text).
      const { run, paused } = await this.deps.executor.leg(wf, wf.trigger.type === 'email' && !input.continuation && !input.replayOf ? emailInput(input) : input);
      if (paused && (await this.storePause(id, run, paused))) {
        this.deps.runs.progress(run);
      } else {
        this.deps.runs.end(run);
        if (input.continuation) await this.deps.flow.settle(run.id);
      }
      runs.push(run);
    }
    return runs;
  }

  /** Stores a pause; when it cannot be stored (a full disk), the run fails instead of hanging paused. */
  private async storePause(id: string, run: WorkflowRun, paused: PausedRecord): Promise<boolean> {
    try {
      await this.deps.flow.pause(paused);
      return true;
    } catch (err) {
      run.status = 'error';
      run.exit_reason = `Runnel: the run could not be paused: ${(err as Error).message}`;
      // Ended when it paused, on the workflow's clock (as its start), so the duration holds after an advance.
      run.ended_at = run.pauses?.pop()?.paused_at ?? this.deps.clock.now();
      run.duration_ms = run.ended_at - run.started_at;
      this.report(id, run.exit_reason);
      return false;
    }
  }

  /** The run ended without $.respond: say why (a failed step), rather than blame the missing call. */
  answerWithoutRespond(run: WorkflowRun): HttpDelivery {
    if (run.status !== 'error') return { kind: 'no_respond', deployment: 'workflow' };
    const failed = run.steps.find((s) => s.status === 'error');
    return { kind: 'step_failed', step: failed?.name, code: failed?.error?.code ?? 'Error', message: failed?.error?.message ?? '' };
  }

  answerFailure(err: unknown): HttpDelivery {
    return { kind: 'run_failed', message: (err as Error).message, overloaded: err instanceof RunnelError && err.code === 'too_many_requests' };
  }

  controlsOf(id: string): QueueControls | undefined {
    const wf = this.deps.docs.workflow(id);
    return wf ? queueControls(wf, this.deps.runners) : undefined;
  }

  /** Its virtual clock moved: a throttled queue looks again at its windows. */
  clockMoved(id: string): void {
    this.deps.deployments.nudge(id);
  }

  /** An event refused by a full queue is recorded on the workflow's `$errors`, as hosted. */
  refused(id: string, input: TriggerInput): void {
    const wf = this.deps.docs.workflow(id);
    if (!wf) return;
    this.deps.errors.record(wf, null, null, queueFullError(wf), input.hops, input.event).catch((err) => this.deps.logger.error(`workflow ${id}: could not record a refused event`, err));
  }

  report(id: string, problem: unknown): void {
    const what = typeof problem === 'string' ? problem : `run not started: ${(problem as Error).message}`;
    this.deps.logger.warn(`workflow ${id}: ${what}`);
  }

  /** The workflow as REST shows it, without its error counts (WorkflowsService adds them). */
  view(wf: WorkflowDoc): Omit<Workflow, 'errors'> {
    return {
      id: wf.id,
      deployment_id: wf.deployment_id,
      name: wf.name,
      trigger: this.triggerView(wf.trigger),
      steps: wf.steps.map((s) => {
        const comp = this.deps.docs.component(s.component_id);
        return {
          id: s.id,
          name: s.name,
          component_id: s.component_id,
          component_key: comp?.inline ? null : (comp?.key ?? null),
          configured_props: this.deps.secrets.mask(s.configured_props),
          ...(s.runtime ? { runtime: s.runtime } : {}),
          ...(s.disabled ? { disabled: true } : {}),
          ...(s.unresolved ? { unresolved: s.unresolved } : {}),
        };
      }),
      active: wf.active,
      timeout_seconds: workflowTimeoutMs(wf) / 1000,
      ...controlsView(wf),
      ...(wf.hosted ? { hosted: { id: wf.hosted.id, needs: openNeeds(wf) } } : {}),
      created_at: wf.created_at,
      updated_at: wf.updated_at,
    };
  }

  private triggerView(t: WorkflowTriggerDoc): Workflow['trigger'] {
    if (t.type === 'http' || t.type === 'email') return { type: t.type, endpoint_url: this.deps.endpointUrl(t.token) };
    if (t.type === 'timer') return { type: 'timer', ...(timerView(t) as { cron: string | null; interval_seconds: number | null }) };
    return t;
  }

  private usesRespond(wf: WorkflowDoc): boolean {
    // As on the hosted service, the code is read, not run, to know whether to wait.
    return wf.steps.some((s) => this.deps.docs.component(s.component_id)?.code.includes(s.runtime ? 'pd.respond' : '$.respond') ?? false);
  }

  private triggerDoc(t: WorkflowTriggerBody, old: WorkflowTriggerDoc | undefined): WorkflowTriggerDoc {
    switch (t.type) {
      case 'http':
        return { type: 'http', token: old?.type === 'http' ? old.token : randomToken(22) };
      case 'email':
        return { type: 'email', token: old?.type === 'email' ? old.token : randomToken(22) };
      case 'manual':
        return { type: 'manual' };
      case 'source':
        if (!this.deps.docs.source(t.source_id)) throw new RunnelError('not_found', `No source with id "${t.source_id}" to trigger on`);
        return { type: 'source', source_id: t.source_id };
      case 'timer':
        return { type: 'timer', ...parseTimerConfig('trigger', t) };
    }
  }

  private async register(wf: WorkflowDoc): Promise<void> {
    this.deps.deployments.register(this, wf.id);
    if (wf.trigger.type === 'source') await this.deps.subscriptions.create(wf.trigger.source_id, wf.id, '');
  }

  private async unregister(wf: WorkflowDoc): Promise<void> {
    this.deps.deployments.unregister(wf.id);
    const t = wf.trigger;
    if (t.type === 'source') await this.deps.subscriptions.remove(t.source_id, wf.id, '').catch(() => undefined);
  }
}
