import type { StateCreator } from 'zustand';
import type { WorkflowRun } from '../../../../shared/resources';
import type { AppState } from '../../store/index';

/** Workflow runs by workflow id, newest first, updated live from `run` frames. */
export interface RunsSlice {
  runs: Record<string, WorkflowRun[]>;
  upsertRun(run: WorkflowRun): void;
  setRuns(workflowId: string, runs: WorkflowRun[]): void;
}

export const createRunsSlice: StateCreator<AppState, [], [], RunsSlice> = (set) => ({
  runs: {},
  upsertRun: (run) =>
    set((s) => {
      const list = s.runs[run.workflow_id] ?? [];
      const i = list.findIndex((r) => r.id === run.id);
      const next = i === -1 ? [run, ...list] : list.map((r) => (r.id === run.id ? run : r));
      return { runs: { ...s.runs, [run.workflow_id]: next.slice(0, 100) } };
    }),
  setRuns: (workflowId, runs) => set((s) => ({ runs: { ...s.runs, [workflowId]: runs } })),
});
