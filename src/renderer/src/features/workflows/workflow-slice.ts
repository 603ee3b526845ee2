import type { StateCreator } from 'zustand';
import type { SseEmitFrame } from '../../../../shared/resources';
import type { StepTestResult } from '../../../../shared/test-events-api';
import { client } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';

/** The error event a failed run files on the workflow's `$errors` channel. */
export interface WorkflowErrorEvent {
  original_event?: unknown;
  original_context?: Record<string, unknown>;
  error?: { code?: string; name?: string; message?: string; cellId?: string; ts?: string; stack?: string };
}

export interface ErrorRow {
  id: string;
  ts: number;
  event: WorkflowErrorEvent;
}

/** A workflow's own actions (active, delete) and its `$errors`, seeded from REST. */
export interface WorkflowSlice {
  /** `$errors` events read from the service, by workflow id, newest first. */
  wfErrorEvents: Record<string, ErrorRow[]>;
  /** The JSON text of the event "Run now" sends, by workflow id (kept while the page lives). */
  wfRunEventText: Record<string, string>;
  setRunEventText(workflowId: string, text: string): void;
  /** How many step tests of each workflow ended here: every step's test panel re-reads the last exports when it moves. */
  wfStepTests: Record<string, number>;
  /** Tests one step (`POST /v1/workflows/{id}/steps/{step}/test`) and counts it in `wfStepTests`. */
  testStep(workflowId: string, stepName: string, event: unknown): Promise<StepTestResult>;
  loadWorkflowErrors(workflowId: string): Promise<void>;
  setWorkflowActive(workflowId: string, active: boolean): Promise<void>;
  deleteWorkflow(workflowId: string): Promise<void>;
}

export const createWorkflowSlice: StateCreator<WorkflowSlice & ResourcesSlice, [], [], WorkflowSlice> = (set, get) => ({
  wfErrorEvents: {},
  wfRunEventText: {},
  setRunEventText: (workflowId, text) => set((s) => ({ wfRunEventText: { ...s.wfRunEventText, [workflowId]: text } })),
  wfStepTests: {},
  async testStep(workflowId, stepName, event) {
    const r = await client.data('testStep', { id: workflowId, step_name: stepName, body: { event } });
    set((s) => ({ wfStepTests: { ...s.wfStepTests, [workflowId]: (s.wfStepTests[workflowId] ?? 0) + 1 } }));
    return r;
  },
  async loadWorkflowErrors(workflowId) {
    const summaries = await client.data('workflowErrorSummaries', { id: workflowId, query: { expand: 'event', limit: 100 } });
    const rows = summaries.map((e) => ({ id: e.id, ts: e.indexed_at_ms, event: (e.event ?? {}) as WorkflowErrorEvent }));
    set((s) => ({ wfErrorEvents: { ...s.wfErrorEvents, [workflowId]: rows } }));
  },
  async setWorkflowActive(workflowId, active) {
    const wf = await client.data('updateWorkflow', { id: workflowId, body: { active } });
    set((s) => ({ workflows: s.workflows.map((w) => (w.id === wf.id ? wf : w)) }));
  },
  async deleteWorkflow(workflowId) {
    await client.data('deleteWorkflow', { id: workflowId });
    set((s) => ({ workflows: s.workflows.filter((w) => w.id !== workflowId) }));
    void get().refresh('workflows');
  },
});

/** Live `$errors` frames merged with the rows read from the service, newest first, once each. */
export function mergeErrorRows(seeded: ErrorRow[] | undefined, live: SseEmitFrame[] | undefined): ErrorRow[] {
  const rows = new Map<string, ErrorRow>();
  for (const f of live ?? []) if (f.name === '$errors') rows.set(f.id, { id: f.id, ts: f.ts, event: (f.e ?? {}) as WorkflowErrorEvent });
  for (const r of seeded ?? []) if (!rows.has(r.id)) rows.set(r.id, r);
  return [...rows.values()].sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : -1));
}
