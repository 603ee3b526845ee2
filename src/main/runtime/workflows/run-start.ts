// How a workflow run begins: its record and the `steps.trigger` its steps see. The run
// executor takes it from here for a new run, and from run-pause.ts for a paused one.
import { VERSION } from '../../../shared/version';
import { newId } from '../../../shared/ids';
import type { WorkflowRun } from '../../../shared/resources';
import type { TriggerInput } from '../../domain/triggers';
import type { WorkflowDoc } from '../../store/document-types';
import type { LegStart } from './run-pause';

/** `$.context.platform_version` of every run and step test. */
export const PLATFORM_VERSION = `runnel-${VERSION}`;

/** A new run of `wf` for one trigger input, started at `started` (on the workflow's clock), before its first step. */
export function freshRun(wf: WorkflowDoc, input: TriggerInput, started: number, ownerId: string): LegStart {
  const runId = newId('r');
  const context: Record<string, unknown> = {
    id: runId,
    ts: new Date(started).toISOString(),
    workflow_id: wf.id,
    deployment_id: wf.deployment_id,
    emitter_id: input.emitterId ?? wf.id,
    owner_id: ownerId,
    platform_version: PLATFORM_VERSION,
    trace_id: runId,
    workflow_name: wf.name,
    deadline: 0,
    source_type: input.sourceType,
    verified: false,
    hops: input.hops,
    run: { runs: 1 },
  };
  const run: WorkflowRun = {
    id: runId,
    workflow_id: wf.id,
    deployment_id: wf.deployment_id,
    status: 'running',
    exit_reason: null,
    trigger: { event: input.event, context },
    steps: [],
    started_at: started,
    ended_at: null,
    duration_ms: null,
    ...(input.replayOf ? { replay_of: input.replayOf } : {}),
  };
  return { run, scope: { trigger: { event: input.event, context } }, from: 0, hops: input.hops, attempt: { runs: 1 } };
}
