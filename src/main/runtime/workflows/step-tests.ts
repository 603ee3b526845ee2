// Testing one step of a workflow, as the hosted builder's "Test" does (issue #18 item 4): the
// step runs alone through the executor's own step invocation, with a test event and the earlier
// steps' last exports, and no run is recorded. What it exports is kept as the step's last test,
// so the next step's test starts from it.
import { RunnelError } from '../../../shared/errors';
import { randomToken } from '../../../shared/ids';
import type { LogLine, WorkflowRun } from '../../../shared/resources';
import type { StepLastExports, StepTestBody, StepTestResult, WorkflowTestEvent } from '../../../shared/test-events-api';
import type { PauseRequest } from '../../domain/invocations';
import type { Clock } from '../../scheduler/clock';
import type { StepDoc, StepTestDoc, WorkflowDoc } from '../../store/document-types';
import type { DocumentStore } from '../../store/documents';
import { emailInput } from '../email/email-input';
import { workflowTimeoutMs, type RunExecutor } from './run-executor';
import { noteOf } from './step-run-parts';
import { workflowTestEvent } from './test-event';
import type { WorkflowRuns } from './workflow-runs';

export interface StepTestsDeps {
  docs: DocumentStore;
  executor: RunExecutor;
  runs: WorkflowRuns;
  clock: Clock;
  endpointUrl(token: string): string;
  /** The public URL of a flow token: a test's `$.flow.delay` gets URLs that resume nothing. */
  flowUrl?(token: string, action: 'resume' | 'cancel'): string;
}

/** Test events of workflows and tests of their single steps. */
export class StepTests {
  constructor(private readonly deps: StepTestsDeps) {}

  /** The last real trigger's event, or a sample of the trigger's shape (test-event.ts). */
  testEvent(wf: WorkflowDoc): WorkflowTestEvent {
    return workflowTestEvent(wf, { runs: this.deps.runs.list(wf.id), endpointUrl: (t) => this.deps.endpointUrl(t), now: this.deps.clock.now() + (wf.clock_offset_ms ?? 0) });
  }

  /** Runs step `name` alone; earlier steps' exports are the given ones, else their last ones. */
  async test(wf: WorkflowDoc, name: string, body: StepTestBody): Promise<StepTestResult> {
    const index = wf.steps.findIndex((s) => s.name === name);
    if (index < 0) throw new RunnelError('not_found', `Workflow "${wf.name}" has no step "${name}"; its steps are: ${wf.steps.map((s) => s.name).join(', ') || 'none'}`);
    const step = wf.steps[index];
    const given = body.event !== undefined ? body.event : this.testEvent(wf).event;
    // An e-mail trigger's test event may be the raw request (`bodyRaw`): the step sees the parsed message.
    const event = wf.trigger.type === 'email' ? emailInput({ event: given, sourceType: 'manual', hops: 0 }).event : given;
    const inputs: Record<string, Record<string, unknown>> = {};
    const runs = this.deps.runs.list(wf.id);
    for (const s of wf.steps.slice(0, index)) {
      const exports = body.steps?.[s.name] ?? lastExports(wf, s, runs)?.exports;
      if (exports && !s.disabled) inputs[s.name] = exports;
    }
    const startedAt = this.deps.clock.now();
    const deadline = startedAt + workflowTimeoutMs(wf);
    const context = { ...this.deps.executor.testContext(wf, event), deadline };
    const flow = this.deps.flowUrl ? { resume_url: this.deps.flowUrl(randomToken(32), 'resume'), cancel_url: this.deps.flowUrl(randomToken(32), 'cancel') } : undefined;
    const scope = { trigger: { event, context }, ...inputs };
    const input = { event, sourceType: 'manual' as const, hops: 0 };
    const { step: ran, pause } = await this.deps.executor.runStep(wf, step, scope, context, deadline, input, false, flow, true);
    if (pause) ran.logs.push(pauseNote(this.deps.clock.now(), pause));
    const status = ran.status as StepTestResult['status'];
    if (status === 'success') await this.keep(wf.id, step.id, { at: startedAt, $return_value: ran.$return_value, exports: ran.exports });
    return {
      status,
      ...(ran.$return_value !== undefined ? { $return_value: ran.$return_value } : {}),
      exports: ran.exports,
      summary: ran.summary,
      logs: ran.logs,
      error: ran.error,
      duration_ms: ran.duration_ms,
      inputs: { steps: inputs },
    };
  }

  /** Each step's last exports, by step name (steps never tested nor run successfully are left out). */
  lastExportsOf(wf: WorkflowDoc): Record<string, StepLastExports> {
    const out: Record<string, StepLastExports> = {};
    const runs = this.deps.runs.list(wf.id);
    for (const s of wf.steps) {
      const last = lastExports(wf, s, runs);
      if (last) out[s.name] = last;
    }
    return out;
  }

  private async keep(workflowId: string, stepId: string, test: StepTestDoc): Promise<void> {
    await this.deps.docs.update((doc) => {
      const wf = doc.workflows.find((w) => w.id === workflowId);
      if (wf) wf.step_tests = { ...wf.step_tests, [stepId]: test };
    });
  }
}

/** The step's exports (and return value) from its last test or last successful run (`runs`, newest first), whichever is newer. */
function lastExports(wf: WorkflowDoc, step: StepDoc, runs: WorkflowRun[]): StepLastExports | undefined {
  const tested = wf.step_tests?.[step.id];
  for (const run of runs) {
    const ran = run.steps.find((s) => s.id === step.id && s.status === 'success');
    if (!ran) continue;
    // Newer by when each began: a run answers its caller ($.respond) before it ends.
    const at = run.started_at;
    if (tested && tested.at >= at) break;
    return { from: 'run', at, run_id: run.id, exports: { $return_value: ran.$return_value, ...ran.exports } };
  }
  return tested ? { from: 'test', at: tested.at, run_id: null, exports: { $return_value: tested.$return_value, ...tested.exports } } : undefined;
}

/** A test does not pause: it says what the run would have done. */
function pauseNote(ts: number, p: PauseRequest): LogLine {
  const call = p.kind === 'retry' ? 'auto-retry' : `$.flow.${p.kind}`;
  return noteOf(ts, `test: ${call} would pause the run here for ${p.ms} ms; a test does not wait (its resume and cancel URLs resume nothing)`);
}
