import { create } from 'zustand';
import { createEventsSlice, type EventsSlice } from '../features/events/events-slice';
import { createLogsSlice, type LogsSlice } from '../features/logs/logs-slice';
import { createBuilderSlice, type BuilderSlice } from '../features/workflows/builder-slice';
import { createRunsSlice, type RunsSlice } from '../features/workflows/runs-slice';
import { createWorkflowSlice, type WorkflowSlice } from '../features/workflows/workflow-slice';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createResourcesSlice, type ResourcesSlice } from './resources-slice';

/** The renderer's one store: typed slices, each beside the actions that change it. */
export type AppState = ConnectionSlice &
  ResourcesSlice &
  EventsSlice &
  LogsSlice &
  RunsSlice &
  BuilderSlice &
  WorkflowSlice;

/** A fresh store (tests build their own; the page uses `useStore`). */
export const createAppStore = () =>
  create<AppState>()((...a) => ({
    ...createConnectionSlice(...a),
    ...createResourcesSlice(...a),
    ...createEventsSlice(...a),
    ...createLogsSlice(...a),
    ...createRunsSlice(...a),
    ...createBuilderSlice(...a),
    ...createWorkflowSlice(...a),
  }));

export const useStore = createAppStore();
export type AppStore = typeof useStore;
