// A workflow run paused by `$.flow.delay` / `suspend` / `rerun`, or by an auto-retry: what is stored to carry it on
// (the run so far and the data of its steps), and how each way a pause ends carries it on.
// The run executor pauses and resumes; this module only shapes the state.
import type { RunPause, WorkflowRun } from '../../../shared/resources';
import type { Continuation, PausedRecord } from '../../domain/flow';
import type { PauseRequest } from '../../domain/invocations';
import type { WorkflowDoc } from '../../store/document-types';

/** A workflow's state in a paused record (PausedRecord.state). */
export interface WorkflowPause {
  /** The run so far (status `paused`, its last pause open). */
  run: WorkflowRun;
  /** `steps.<name>` of the steps that ran. */
  scope: Record<string, unknown>;
  /** The step that paused the run, and how. */
  stepId: string;
  request: PauseRequest;
  /** `$.context.run.runs` of that step's last attempt. */
  runs: number;
  hops: number;
}

/** Where a continued run picks up: the step to run next and what that step sees as `$.context.run`. */
export interface LegStart {
  run: WorkflowRun;
  scope: Record<string, unknown>;
  from: number;
  hops: number;
  /** `$.context.run` of the step at `from` (a rerun's attempt count, context and callback). */
  attempt: Record<string, unknown>;
}

/** Records the pause on the run and builds what is stored. */
export function pausedRecord(o: {
  run: WorkflowRun;
  scope: Record<string, unknown>;
  stepId: string;
  stepName: string;
  request: PauseRequest;
  runs: number;
  hops: number;
  tokens: { resume: string; cancel: string };
  urls: { resume_url: string; cancel_url: string };
  pausedAt: number;
}): PausedRecord {
  const pause: RunPause = {
    kind: o.request.kind,
    step: o.stepName,
    paused_at: o.pausedAt,
    resume_at: o.pausedAt + o.request.ms,
    ...o.urls,
    ended_at: null,
    ended_by: null,
  };
  o.run.status = 'paused';
  o.run.pauses = [...(o.run.pauses ?? []), pause];
  const state: WorkflowPause = { run: o.run, scope: o.scope, stepId: o.stepId, request: o.request, runs: o.runs, hops: o.hops };
  return { deploymentId: o.run.workflow_id, runId: o.run.id, resumeToken: o.tokens.resume, cancelToken: o.tokens.cancel, dueAt: pause.resume_at, state };
}

/**
 * How a paused run goes on: a delay resumes with the next step; a suspend resumes with the next
 * step, the resume URL's body as the step's `$resume_data` (its timeout cancels); a rerun runs
 * its step again with one more attempt. A cancel — or a step that is gone after an update —
 * ends the run `cancelled` (`done`).
 */
export function continueFrom(wf: WorkflowDoc, c: Continuation): { done: WorkflowRun } | LegStart {
  const p = c.record.state as WorkflowPause;
  const { run, scope } = p;
  const open = run.pauses?.at(-1);
  const endedBy = c.end.action === 'due' ? 'timeout' : c.end.action;
  if (open) {
    delete open.resume_url;
    delete open.cancel_url;
    open.ended_at = c.end.at;
    open.ended_by = endedBy;
  }
  const index = wf.steps.findIndex((s) => s.id === p.stepId);
  const cancel = c.end.action === 'cancel' || (p.request.kind === 'suspend' && c.end.action === 'due');
  if (cancel || index === -1) {
    run.status = 'cancelled';
    if (index === -1 && !cancel) run.exit_reason = 'The step that paused the run is no longer in the workflow (it was updated)';
    return { done: run };
  }
  run.status = 'running';
  const step = wf.steps[index];
  if (p.request.kind === 'rerun' || p.request.kind === 'retry') {
    // The attempt is replaced by the next one (an auto-retry runs the failed step again).
    run.steps = run.steps.filter((s) => s.id !== step.id);
    delete scope[step.name];
    const attempt = {
      runs: p.runs + 1,
      ...(p.request.kind === 'rerun' ? { context: p.request.context } : {}),
      ...(c.end.request ? { callback_request: c.end.request } : {}),
    };
    return { run, scope, from: index, hops: p.hops, attempt };
  }
  if (p.request.kind === 'suspend') {
    const data = c.end.request?.body;
    const record = run.steps.find((s) => s.id === step.id);
    if (record) record.exports = { ...record.exports, $resume_data: data };
    scope[step.name] = { ...(scope[step.name] as object), $resume_data: data };
  }
  return { run, scope, from: index + 1, hops: p.hops, attempt: { runs: 1 } };
}
