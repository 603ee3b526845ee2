import type { CreateWorkflowBody, UpdateWorkflowBody } from '../../shared/api';
import type { StepLastExports, StepTestBody, StepTestResult, WorkflowTestEvent } from '../../shared/test-events-api';
import type { StepTests } from '../runtime/workflows/step-tests';
import type { EventSummary, OutboxMessage, PageInfo, Subscription, Workflow, WorkflowRun } from '../../shared/resources';
import { ERRORS_CHANNEL, errorCountsOf } from '../runtime/workflows/errors-channel';
import type { Subscriptions } from '../runtime/workflows/subscriptions';
import type { WorkflowDoc } from '../store/document-types';
import type { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';
import type { BoundedLists } from '../store/bounded-lists';
import type { EventLog } from '../engine/ports/event-log';
import { pageById } from './pagination';
import type { ReplayBody, ReplayedRun } from '../../shared/search-api';
import { replayInputs } from '../runtime/workflows/run-replay';
import type { PublishChange } from './change-feed';
import type { SourcesService } from './sources-service';

export interface WorkflowsServiceDeps {
  runtime: WorkflowRuntime;
  subscriptions: Subscriptions;
  events: EventLog;
  runs: BoundedLists<WorkflowRun>;
  sources: SourcesService;
  changed: PublishChange;
  tests: StepTests;
  /** The outbox destination's messages, newest first. */
  outbox(): OutboxMessage[];
}

/** Use cases on workflows, their runs, emitted events and subscriptions. */
export class WorkflowsService {
  constructor(private readonly deps: WorkflowsServiceDeps) {}

  async create(body: CreateWorkflowBody): Promise<Workflow> {
    const wf = await this.deps.runtime.create(body);
    this.deps.changed('workflows');
    // A source trigger is a subscription (workflow → its source): the Subscriptions screen shows it.
    this.deps.changed('subscriptions');
    return this.view(wf);
  }

  async remove(id: string): Promise<void> {
    const steps = this.deps.runtime.get(id).steps;
    await this.deps.runtime.remove(id);
    // Its events, runs and each step's db go with it.
    await this.deps.events.drop(id);
    for (const s of steps) await this.deps.events.drop(s.id);
    await this.deps.runs.drop(id);
    this.deps.changed('workflows', id);
    this.deps.changed('subscriptions');
  }

  async update(id: string, body: UpdateWorkflowBody): Promise<Workflow> {
    const before = this.deps.runtime.get(id).steps;
    const wf = await this.deps.runtime.update(id, body);
    for (const s of before) if (!wf.steps.some((n) => n.id === s.id)) await this.deps.events.drop(s.id);
    this.deps.changed('workflows', id);
    this.deps.changed('subscriptions');
    return this.view(wf);
  }

  get(id: string): Workflow {
    return this.view(this.deps.runtime.get(id));
  }

  list(q: { limit: number; before?: string; after?: string }): { data: Workflow[]; page_info: PageInfo } {
    const { page, page_info } = pageById(this.deps.runtime.list(), q);
    return { data: page.map((w) => this.view(w)), page_info };
  }

  run(id: string, event: unknown): Promise<WorkflowRun> {
    return this.deps.runtime.runManually(id, event);
  }

  /**
   * Runs each given run's trigger event again (or one edited event), queued in the order given
   * like manual runs; resolves once they have run. Nothing is queued when an id is unknown.
   */
  async replay(id: string, body: ReplayBody): Promise<ReplayedRun[]> {
    const inputs = replayInputs(id, this.deps.runtime.runs(id), body.run_ids, body.event);
    // Queued one after another before any is awaited: they start in the order given.
    const runs: Promise<WorkflowRun>[] = [];
    try {
      for (const input of inputs) runs.push(this.deps.runtime.trigger(id, input));
    } catch (err) {
      // A full queue (429) refused the rest; the ones queued before it still run.
      for (const r of runs) r.catch(() => undefined);
      throw err;
    }
    return (await Promise.all(runs)).map((run, i) => ({ run_id: body.run_ids[i], replay_run_id: run.id, status: run.status }));
  }

  /** What a manual run or a step test starts from: the last real trigger's event, or a sample. */
  testEvent(id: string): WorkflowTestEvent {
    return this.deps.tests.testEvent(this.deps.runtime.get(id));
  }

  /** Tests one step alone (no run is recorded); its exports become the step's last test. */
  testStep(id: string, stepName: string, body: StepTestBody): Promise<StepTestResult> {
    return this.deps.tests.test(this.deps.runtime.get(id), stepName, body);
  }

  /** Each step's last exports (what a later step's test is given), by step name. */
  lastExports(id: string): Record<string, StepLastExports> {
    return this.deps.tests.lastExportsOf(this.deps.runtime.get(id));
  }

  runs(id: string, q: { limit: number; before?: string; after?: string }): { data: WorkflowRun[]; page_info: PageInfo } {
    const { page, page_info } = pageById(this.deps.runtime.runs(id), q);
    return { data: page, page_info };
  }

  getRun(id: string, runId: string): WorkflowRun {
    return this.deps.runtime.run(id, runId);
  }

  /** What the workflow emitted (`$.send.emit`), or its `$errors`, shaped as 4.4. */
  eventSummaries(
    id: string,
    q: { limit: number; before?: string; after?: string; expand?: 'event'; event_name?: string },
    errors = false,
  ): { page_info: PageInfo; data: EventSummary[] } {
    this.deps.runtime.get(id);
    const channel = errors ? ERRORS_CHANNEL : (q.event_name ?? '');
    return this.deps.sources.summariesOf(id, { ...q, event_name: channel });
  }

  subscriptions(): Subscription[] {
    return this.deps.subscriptions.list();
  }

  async subscribe(emitterId: string, listenerId: string, eventName: string): Promise<Subscription> {
    const sub = await this.deps.subscriptions.create(emitterId, listenerId, eventName);
    this.deps.changed('subscriptions');
    return sub;
  }

  async unsubscribe(emitterId: string, listenerId: string, eventName: string): Promise<void> {
    await this.deps.subscriptions.remove(emitterId, listenerId, eventName);
    this.deps.changed('subscriptions');
  }

  outbox(): OutboxMessage[] {
    return this.deps.outbox();
  }

  private view(wf: WorkflowDoc): Workflow {
    return { ...this.deps.runtime.view(wf), errors: errorCountsOf(this.deps.events, wf.id) };
  }
}
