import { create } from 'zustand';
import { createAccountsSlice, type AccountsSlice } from '../features/accounts/accounts-slice';
import { createComponentsSlice, type ComponentsSlice } from '../features/components/components-slice';
import { createDataStoresSlice, type DataStoresSlice } from '../features/data-stores/data-stores-slice';
import { createEventsSlice, type EventsSlice } from '../features/events/events-slice';
import { createLogsSlice, type LogsSlice } from '../features/logs/logs-slice';
import { createSettingsSlice, type SettingsSlice } from '../features/settings/settings-slice';
import { createSourcesSlice, type SourcesSlice } from '../features/sources/sources-slice';
import { createWiringSlice, type WiringSlice } from '../features/subscriptions/wiring-slice';
import { createBuilderSlice, type BuilderSlice } from '../features/workflows/builder-slice';
import { createRunsSlice, type RunsSlice } from '../features/workflows/runs-slice';
import { createWorkflowSlice, type WorkflowSlice } from '../features/workflows/workflow-slice';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createResourcesSlice, type ResourcesSlice } from './resources-slice';

/**
 * The renderer's one store: typed slices, each beside the actions that change it. Only this file
 * knows the whole state; each slice types its creator with the slices it reads, so imports point
 * from here down to the slices and never back.
 */
export type AppState = ConnectionSlice &
  ResourcesSlice &
  ComponentsSlice &
  SourcesSlice &
  EventsSlice &
  LogsSlice &
  RunsSlice &
  BuilderSlice &
  WorkflowSlice &
  WiringSlice &
  AccountsSlice &
  DataStoresSlice &
  SettingsSlice;

/** A fresh store (tests build their own; the page uses `useStore`). */
export const createAppStore = () =>
  create<AppState>()((...a) => ({
    ...createConnectionSlice(...a),
    ...createResourcesSlice(...a),
    ...createComponentsSlice(...a),
    ...createSourcesSlice(...a),
    ...createEventsSlice(...a),
    ...createLogsSlice(...a),
    ...createRunsSlice(...a),
    ...createBuilderSlice(...a),
    ...createWorkflowSlice(...a),
    ...createWiringSlice(...a),
    ...createAccountsSlice(...a),
    ...createDataStoresSlice(...a),
    ...createSettingsSlice(...a),
  }));

export const useStore = createAppStore();
export type AppStore = typeof useStore;
