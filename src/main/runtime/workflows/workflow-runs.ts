import { RunnelError } from '../../../shared/errors';
import type { WorkflowRun } from '../../../shared/resources';
import type { BoundedLists } from '../../store/bounded-lists';

/** How many finished runs are kept per workflow. */
export const RUN_RETENTION = 100;

/**
 * Runs of workflows as readers see them: the ones in progress (as the executor moves them from
 * step to step) or paused, and the last RUN_RETENTION finished ones, each change told to `onRun` (the
 * account stream).
 */
export class WorkflowRuns {
  private readonly inProgress = new Map<string, WorkflowRun>();

  constructor(
    private readonly finished: BoundedLists<WorkflowRun>,
    private readonly onRun?: (run: WorkflowRun) => void,
  ) {}

  /** A run started, moved on or paused. */
  progress(run: WorkflowRun): void {
    if (run.status === 'running' || run.status === 'paused') this.inProgress.set(run.id, run);
    this.onRun?.(run);
  }

  /** A run ended: it is kept with the finished ones. */
  end(run: WorkflowRun): void {
    this.inProgress.delete(run.id);
    this.finished.append(run.workflow_id, run);
    this.onRun?.(run);
  }

  /** Newest first: the runs in progress or paused, then the finished ones, as stored. */
  list(workflowId: string): WorkflowRun[] {
    const running = [...this.inProgress.values()].filter((r) => r.workflow_id === workflowId);
    return [...running, ...this.finished.list(workflowId).reverse()];
  }

  /** `list` as readers are shown it: a replayed run says what replayed it (copies, made per call). */
  views(workflowId: string): WorkflowRun[] {
    return withReplays(this.list(workflowId));
  }

  get(workflowId: string, runId: string): WorkflowRun {
    const r = this.views(workflowId).find((x) => x.id === runId);
    if (!r) throw new RunnelError('not_found', `No run "${runId}" in the last ${RUN_RETENTION} runs of ${workflowId}`);
    return r;
  }
}

/**
 * Adds `replayed_as` to the runs that were replayed. The record is each replay's `replay_of`
 * (stored with the replay), read back here, so a stored run is never rewritten.
 */
function withReplays(newestFirst: WorkflowRun[]): WorkflowRun[] {
  const replays = new Map<string, string[]>();
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const of = newestFirst[i].replay_of;
    if (of) replays.set(of, [...(replays.get(of) ?? []), newestFirst[i].id]);
  }
  if (replays.size === 0) return newestFirst;
  return newestFirst.map((r) => (replays.has(r.id) ? { ...r, replayed_as: replays.get(r.id) } : r));
}
