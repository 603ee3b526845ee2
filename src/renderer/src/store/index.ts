import { create } from 'zustand';
import { createComponentsSlice, type ComponentsSlice } from '../features/components/components-slice';
import { createEventsSlice, type EventsSlice } from '../features/events/events-slice';
import { createRunsSlice, type RunsSlice } from '../features/workflows/runs-slice';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice';
import { createResourcesSlice, type ResourcesSlice } from './resources-slice';

/** The renderer's one store: typed slices, each beside the actions that change it. */
export type AppState = ConnectionSlice & ResourcesSlice & EventsSlice & RunsSlice & ComponentsSlice;

/** A fresh store (tests build their own; the page uses `useStore`). */
export const createAppStore = () =>
  create<AppState>()((...a) => ({
    ...createConnectionSlice(...a),
    ...createResourcesSlice(...a),
    ...createEventsSlice(...a),
    ...createRunsSlice(...a),
    ...createComponentsSlice(...a),
  }));

export const useStore = createAppStore();
export type AppStore = typeof useStore;
