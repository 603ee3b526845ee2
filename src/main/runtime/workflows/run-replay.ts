// Replaying runs (POST /v1/workflows/{id}/runs/replay): what each replay is given to run.
import { RunnelError } from '../../../shared/errors';
import type { WorkflowRun } from '../../../shared/resources';
import type { TriggerInput, TriggerKind } from '../../domain/triggers';
import { RUN_RETENTION } from './workflow-runs';

const REPLAYABLE: TriggerKind[] = ['http', 'timer', 'manual', 'source', 'subscription'];

/**
 * One trigger input per run id, in the order given: the run's own trigger event (or `edited`),
 * with the trigger kind and emitter it had, so its steps see what the original saw. Every id
 * is checked first: when one is unknown nothing is replayed (404 naming them all).
 */
export function replayInputs(workflowId: string, runs: WorkflowRun[], runIds: string[], edited?: unknown): TriggerInput[] {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const missing = runIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const names = missing.map((id) => `"${id}"`).join(', ');
    throw new RunnelError('not_found', `No run ${names} in the last ${RUN_RETENTION} runs of ${workflowId}; nothing was replayed`);
  }
  return runIds.map((id) => {
    const run = byId.get(id)!;
    const ctx = run.trigger.context;
    const kind = REPLAYABLE.includes(ctx.source_type as TriggerKind) ? (ctx.source_type as TriggerKind) : 'manual';
    const emitterId = typeof ctx.emitter_id === 'string' && ctx.emitter_id !== workflowId ? ctx.emitter_id : undefined;
    return {
      event: structuredClone(edited !== undefined ? edited : run.trigger.event),
      sourceType: kind,
      hops: 0,
      ...(emitterId ? { emitterId } : {}),
      replayOf: id,
    };
  });
}
