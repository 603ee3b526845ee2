import type { StateCreator } from 'zustand';
import type { LogLine, WorkflowRun } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import type { RunsSlice } from '../workflows/runs-slice';

/** A one-off read: the value, or the API's message. */
export interface Loaded<T> {
  value?: T;
  error?: string;
}

/** What the Logs screen reads over REST; live lines then come from the log bus, runs from `runs`. */
export interface LogsSlice {
  /** The last lines of a source, as read when its terminal opened. */
  sourceLogs: Record<string, Loaded<LogLine[]>>;
  /** Runs read by id (a deep link to a run the `runs` list may not hold). */
  runDetails: Record<string, Loaded<WorkflowRun>>;
  loadSourceLogs(sourceId: string): Promise<void>;
  loadRunLogs(workflowId: string, runId: string): Promise<void>;
  /** Reads each workflow's recent runs into `runs`, for the run picker. */
  loadRecentRuns(workflowIds: string[]): Promise<void>;
}

export const createLogsSlice: StateCreator<LogsSlice & RunsSlice, [], [], LogsSlice> = (set, get) => ({
  sourceLogs: {},
  runDetails: {},
  async loadSourceLogs(sourceId) {
    set((s) => ({ sourceLogs: { ...s.sourceLogs, [sourceId]: {} } }));
    let loaded: Loaded<LogLine[]>;
    try {
      loaded = { value: await client.data('sourceLogs', { id: sourceId }) };
    } catch (err) {
      loaded = { error: messageOf(err) };
    }
    set((s) => ({ sourceLogs: { ...s.sourceLogs, [sourceId]: loaded } }));
  },
  async loadRunLogs(workflowId, runId) {
    let loaded: Loaded<WorkflowRun>;
    try {
      loaded = { value: await client.data('getRun', { id: workflowId, runId }) };
    } catch (err) {
      loaded = { error: messageOf(err) };
    }
    set((s) => ({ runDetails: { ...s.runDetails, [runId]: loaded } }));
  },
  async loadRecentRuns(workflowIds) {
    await Promise.all(
      workflowIds.map(async (id) => {
        try {
          get().setRuns(id, await client.data('listRuns', { id, query: { limit: 20 } }));
        } catch {
          // A workflow deleted meanwhile has no runs to pick; the list refreshes on its `change` frame.
        }
      }),
    );
  },
});
