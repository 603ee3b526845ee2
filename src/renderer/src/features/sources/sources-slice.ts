import type { StateCreator } from 'zustand';
import type { UpdateSourceBody } from '../../../../shared/api';
import type { ConfigurableProp, DeployedSource, RunResult, SavedComponent } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import type { EventsSlice } from '../events/events-slice';
import type { ResourcesSlice } from '../../store/resources-slice';
import { placeErrors } from '../props/prop-errors';
import type { FormResult } from '../props/prop-form-model';
import { frameOf } from './source-model';

/** What one source's last action did: busy with what, its error, the last Run now result. */
export interface SourceOp {
  busy: string | null;
  error: string | null;
  propErrors: Record<string, string>;
  run: RunResult | null;
}

/** The new-source form: which component, its props (after `additionalProps`), name and timeout. */
export interface SourceDraft {
  componentId: string | null;
  props: ConfigurableProp[];
  configured: Record<string, unknown>;
  validity: Pick<FormResult, 'errors' | 'missing'>;
  name: string;
  timeout: string;
}

export interface DeployState {
  busy: boolean;
  /** When the deploy started: package activity after it is its progress. */
  since: number;
  error: string | null;
  propErrors: Record<string, string>;
}

export interface SourcesSlice {
  sourceOps: Record<string, SourceOp>;
  /** The first log lines of a source (live ones go through the log bus). */
  /** Components read by id for sources whose component is not in the lists. */
  componentById: Record<string, SavedComponent>;
  draft: SourceDraft;
  deploy: DeployState;
  startDraft(componentId: string | null, props: ConfigurableProp[]): void;
  editDraft(patch: Partial<SourceDraft>): void;
  /** Deploys the draft (`POST /v1/sources`); the new source, or null with the errors placed. */
  deploySource(): Promise<DeployedSource | null>;
  /** `PUT /v1/sources/{id}` (activate, deactivate, new props); false with the error placed. */
  updateSource(id: string, patch: UpdateSourceBody, what?: string): Promise<boolean>;
  /** Runs the source once with `event` (none: the service's default, a timer-shaped event). */
  runSource(id: string, event?: unknown): Promise<RunResult | null>;
  deleteSource(id: string): Promise<boolean>;
  /** Seeds the live events of a source from its retained ones (once per session unless `force`). */
  loadSourceEvents(id: string, force?: boolean): Promise<void>;
  loadComponent(id: string): Promise<SavedComponent | null>;
  clearSourceError(id: string): void;
}

const NO_OP: SourceOp = { busy: null, error: null, propErrors: {}, run: null };
const EMPTY_DRAFT: SourceDraft = { componentId: null, props: [], configured: {}, validity: { errors: {}, missing: [] }, name: '', timeout: '' };

export const createSourcesSlice: StateCreator<SourcesSlice & EventsSlice & ResourcesSlice, [], [], SourcesSlice> = (set, get) => {
  const op = (id: string, patch: Partial<SourceOp>) => set((s) => ({ sourceOps: { ...s.sourceOps, [id]: { ...NO_OP, ...s.sourceOps[id], ...patch } } }));
  // Sources whose retained events were read (per store: tests build several).
  const seeded = new Set<string>();

  return {
    sourceOps: {},
    componentById: {},
    draft: EMPTY_DRAFT,
    deploy: { busy: false, since: 0, error: null, propErrors: {} },

    startDraft: (componentId, props) =>
      set((s) => ({
        draft: { ...EMPTY_DRAFT, name: s.draft.name, timeout: s.draft.timeout, componentId, props },
        deploy: { busy: false, since: 0, error: null, propErrors: {} },
      })),
    editDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),

    async deploySource() {
      const d = get().draft;
      if (!d.componentId) {
        set({ deploy: { busy: false, since: 0, error: 'Choose a source component first.', propErrors: {} } });
        return null;
      }
      const propErrors: Record<string, string> = { ...d.validity.errors };
      for (const m of d.validity.missing) propErrors[m] ??= 'This prop is required';
      const timeout = d.timeout.trim();
      if (timeout && !/^\d+$/.test(timeout)) {
        set({ deploy: { busy: false, since: 0, error: 'The timeout is a whole number of seconds (1–3600).', propErrors } });
        return null;
      }
      if (Object.keys(propErrors).length) {
        set({ deploy: { busy: false, since: 0, error: 'Some props need attention (marked below).', propErrors } });
        return null;
      }
      set({ deploy: { busy: true, since: Date.now(), error: null, propErrors: {} } });
      try {
        const created = await client.data('createSource', {
          body: {
            component_id: d.componentId,
            configured_props: d.configured,
            ...(d.name.trim() ? { name: d.name.trim() } : {}),
            ...(timeout ? { timeout_seconds: Number(timeout) } : {}),
          },
        });
        set((s) => ({ deploy: { ...s.deploy, busy: false }, draft: EMPTY_DRAFT, sources: [created, ...s.sources.filter((x) => x.id !== created.id)] }));
        void get().refresh('sources');
        return created;
      } catch (err) {
        const placed = placeErrors(err, d.props.map((p) => p.name));
        set((s) => ({ deploy: { ...s.deploy, busy: false, error: placed.top ?? messageOf(err), propErrors: placed.props } }));
        return null;
      }
    },

    async updateSource(id, patch, what = 'Saving') {
      op(id, { busy: what, error: null, propErrors: {} });
      try {
        const updated = await client.data('updateSource', { id, body: patch });
        set((s) => ({ sources: s.sources.map((x) => (x.id === id ? updated : x)) }));
        op(id, { busy: null });
        return true;
      } catch (err) {
        const names = Object.keys(patch.configured_props ?? {});
        const placed = placeErrors(err, names);
        op(id, { busy: null, error: messageOf(err), propErrors: placed.props });
        return false;
      }
    },

    async runSource(id, event) {
      op(id, { busy: 'Running', error: null });
      try {
        const run = await client.data('runSource', { id, body: event === undefined ? {} : { event } });
        op(id, { busy: null, run });
        for (const e of run.emitted) get().addLiveEvent(id, frameOf(e));
        return run;
      } catch (err) {
        op(id, { busy: null, error: messageOf(err) });
        return null;
      }
    },

    async deleteSource(id) {
      op(id, { busy: 'Deleting', error: null });
      try {
        await client.data('deleteSource', { id });
        set((s) => {
          const { [id]: _gone, ...ops } = s.sourceOps;
          return { sources: s.sources.filter((x) => x.id !== id), sourceOps: ops };
        });
        void get().refresh('sources');
        return true;
      } catch (err) {
        op(id, { busy: null, error: messageOf(err) });
        return false;
      }
    },

    async loadSourceEvents(id, force = false) {
      const done = seeded;
      if (done.has(id) && !force) return;
      done.add(id);
      try {
        const summaries = await client.data('sourceEventSummaries', { id, query: { limit: 100, expand: 'event' } });
        get().setEvents(id, summaries.map(frameOf));
      } catch (err) {
        done.delete(id);
        op(id, { error: `Could not read the events: ${messageOf(err)}` });
      }
    },


    async loadComponent(id) {
      const known = get().componentById[id] ?? get().components.find((c) => c.id === id);
      if (known) return known;
      try {
        const c = await client.data('getComponent', { idOrKey: id });
        set((s) => ({ componentById: { ...s.componentById, [id]: c } }));
        return c;
      } catch {
        return null;
      }
    },

    clearSourceError: (id) => op(id, { error: null, propErrors: {} }),
  };
};
