import type { StateCreator } from 'zustand';
import type { WorkflowRun } from '../../../../shared/resources';
import type { ReplayedRun } from '../../../../shared/search-api';
import { client } from '../../api/client';

/** The service keeps the last 100 runs of a workflow; the page keeps as many. */
const RUN_CAP = 100;

/** Workflow runs by workflow id, newest first, updated live from `run` frames. */
export interface RunsSlice {
  runs: Record<string, WorkflowRun[]>;
  /** Which workflows' runs have been read from the service at least once. */
  runsLoaded: Record<string, boolean>;
  upsertRun(run: WorkflowRun): void;
  setRuns(workflowId: string, runs: WorkflowRun[]): void;
  /** Seeds `runs[id]` from `GET /v1/workflows/{id}/runs` (live frames keep it fresh after). */
  loadRuns(workflowId: string): Promise<void>;
  /** Seeds the runs of each workflow not read yet (the list's sparklines and last status). */
  loadRunsOnce(workflowIds: string[]): Promise<void>;
  /** One run, from the store or the service (deep links). */
  loadRun(workflowId: string, runId: string): Promise<WorkflowRun>;
  /** Runs the workflow with `event` and waits for the run to finish. */
  runWorkflow(workflowId: string, event: unknown): Promise<WorkflowRun>;
  /** Replays runs (their trigger events, or one edited event), then re-reads the runs: the old ones now list their replays. */
  replayRuns(workflowId: string, runIds: string[], event?: unknown): Promise<ReplayedRun[]>;
}

export const createRunsSlice: StateCreator<RunsSlice, [], [], RunsSlice> = (set, get) => ({
  runs: {},
  runsLoaded: {},
  upsertRun: (run) =>
    set((s) => {
      const list = s.runs[run.workflow_id] ?? [];
      const i = list.findIndex((r) => r.id === run.id);
      const next = i === -1 ? [run, ...list] : list.map((r) => (r.id === run.id ? newer(r, run) : r));
      return { runs: { ...s.runs, [run.workflow_id]: next.slice(0, RUN_CAP) } };
    }),
  setRuns: (workflowId, runs) => set((s) => ({ runs: { ...s.runs, [workflowId]: runs } })),
  async loadRuns(workflowId) {
    const fetched = await client.data('listRuns', { id: workflowId });
    set((s) => {
      // A frame that arrived while the list was read may be fresher than the list.
      const live = new Map((s.runs[workflowId] ?? []).map((r) => [r.id, r]));
      const merged = fetched.map((r) => (live.has(r.id) ? newer(live.get(r.id)!, r) : r));
      const extra = [...live.values()].filter((r) => !fetched.some((f) => f.id === r.id));
      const all = [...extra, ...merged].sort((a, b) => b.started_at - a.started_at).slice(0, RUN_CAP);
      return { runs: { ...s.runs, [workflowId]: all }, runsLoaded: { ...s.runsLoaded, [workflowId]: true } };
    });
  },
  async loadRunsOnce(workflowIds) {
    await Promise.all(workflowIds.filter((id) => !get().runsLoaded[id]).map((id) => get().loadRuns(id).catch(() => undefined)));
  },
  async loadRun(workflowId, runId) {
    const known = get().runs[workflowId]?.find((r) => r.id === runId);
    if (known) return known;
    const run = await client.data('getRun', { id: workflowId, runId });
    get().upsertRun(run);
    return run;
  },
  async runWorkflow(workflowId, event) {
    const run = await client.data('runWorkflow', { id: workflowId, body: { event } });
    get().upsertRun(run);
    return run;
  },
  async replayRuns(workflowId, runIds, event) {
    const replayed = await client.data('replayRuns', { id: workflowId, body: { run_ids: runIds, ...(event !== undefined ? { event } : {}) } });
    await get().loadRuns(workflowId);
    return replayed;
  },
});

/** Of two versions of a run, the one further along (frames and answers can cross). */
function newer(a: WorkflowRun, b: WorkflowRun): WorkflowRun {
  // A run that went on after a pause is further along than any version from before it.
  const legs = (r: WorkflowRun) => (r.pauses ?? []).filter((p) => p.ended_by !== null).length;
  if (legs(a) !== legs(b)) return legs(a) > legs(b) ? a : b;
  if (a.status === 'running' && b.status !== 'running') return b;
  if (b.status === 'running' && a.status !== 'running') return a;
  return b.steps.length >= a.steps.length ? b : a;
}
