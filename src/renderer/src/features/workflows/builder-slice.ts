import type { StateCreator } from 'zustand';
import type { Workflow } from '../../../../shared/resources';
import { ApiError, client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';
import { clearDraft, loadDraft, saveDraft, stepDraftKey } from '../../ui/drafts';
import {
  CODE_TEMPLATE,
  draftFromWorkflow,
  emptyDraft,
  hasErrors,
  newUid,
  NO_ERRORS,
  placeApiError,
  toRequestBody,
  uniqueStepName,
  validateDraft,
  type ActionRef,
  type BuilderErrors,
  type Draft,
  type DraftStep,
  type DraftTrigger,
} from './builder-model';
import type { DraftSettings } from './settings-model';

/** The workflow being built or edited (one at a time), its problems and its save. */
export interface BuilderSlice {
  wfDraft: Draft;
  wfErrors: BuilderErrors;
  /** The workflow being edited; null for a new one. */
  wfEditingId: string | null;
  wfBuilderStatus: 'idle' | 'loading' | 'saving' | 'load-failed';
  wfNew(): void;
  /** Reads a saved workflow into the form (inline steps' code comes from their components). */
  wfLoad(id: string): Promise<void>;
  wfSetName(name: string): void;
  wfSetTimeout(seconds: string): void;
  /** Changes the execution settings (the settings panel). */
  wfSetSettings(patch: Partial<DraftSettings>): void;
  wfSetTrigger(patch: Partial<DraftTrigger>): void;
  wfAddCodeStep(): void;
  wfAddActionStep(action: ActionRef): void;
  wfUpdateStep(uid: string, patch: Partial<Pick<DraftStep, 'name' | 'code' | 'configured'>>): void;
  wfMoveStep(uid: string, by: -1 | 1): void;
  wfRemoveStep(uid: string): void;
  /** Drops a step's restored draft: it shows its saved code again. */
  wfDiscardStepDraft(uid: string): void;
  /** Validates, then creates or updates; the saved workflow, or null with `wfErrors` set. */
  wfSave(): Promise<Workflow | null>;
}

export const createBuilderSlice: StateCreator<BuilderSlice & ResourcesSlice, [], [], BuilderSlice> = (set, get) => {
  const patchDraft = (f: (d: Draft) => Partial<Draft>) => set((s) => ({ wfDraft: { ...s.wfDraft, ...f(s.wfDraft) } }));
  const clearStepError = (uid: string, field: 'name' | 'code' | 'props') =>
    set((s) => {
      const e = s.wfErrors.steps[uid];
      if (!e) return {};
      const rest = { ...e, [field]: undefined, ...(field === 'code' ? { codeLine: undefined } : {}) };
      return { wfErrors: { ...s.wfErrors, steps: { ...s.wfErrors.steps, [uid]: rest } } };
    });
  return {
    wfDraft: emptyDraft(),
    wfErrors: NO_ERRORS,
    wfEditingId: null,
    wfBuilderStatus: 'idle',
    wfNew: () => set({ wfDraft: emptyDraft(), wfErrors: NO_ERRORS, wfEditingId: null, wfBuilderStatus: 'idle' }),
    async wfLoad(id) {
      set({ wfDraft: emptyDraft(), wfErrors: NO_ERRORS, wfEditingId: id, wfBuilderStatus: 'loading' });
      try {
        const s = get();
        // A deep link may arrive before the shared lists: steps are told apart with them.
        await Promise.all([s.loaded.registry ? null : s.refresh('registry'), s.loaded.components ? null : s.refresh('components')]);
        const wf = await client.data('getWorkflow', { id });
        const draft = await draftFromWorkflow(wf, get().registry, get().components, (cid) => client.data('getComponent', { idOrKey: cid }));
        if (get().wfEditingId === id) set({ wfDraft: { ...draft, steps: draft.steps.map((st) => withStepDraft(id, st)) }, wfBuilderStatus: 'idle' });
      } catch (err) {
        if (get().wfEditingId === id) set({ wfErrors: { steps: {}, top: messageOf(err) }, wfBuilderStatus: 'load-failed' });
      }
    },
    wfSetName: (name) => {
      patchDraft(() => ({ name }));
      set((s) => ({ wfErrors: { ...s.wfErrors, name: undefined } }));
    },
    wfSetTimeout: (timeoutSeconds) => {
      patchDraft(() => ({ timeoutSeconds }));
      set((s) => ({ wfErrors: { ...s.wfErrors, timeout: undefined } }));
    },
    wfSetSettings: (patch) => {
      patchDraft((d) => ({ settings: { ...d.settings, ...patch } }));
      set((s) => ({ wfErrors: { ...s.wfErrors, settings: undefined } }));
    },
    wfSetTrigger: (patch) => {
      patchDraft((d) => ({ trigger: { ...d.trigger, ...patch } }));
      set((s) => ({ wfErrors: { ...s.wfErrors, trigger: undefined } }));
    },
    wfAddCodeStep: () =>
      patchDraft((d) => ({
        steps: [...d.steps, { uid: newUid(), kind: 'code', name: uniqueStepName('step', d.steps.map((s) => s.name)), code: CODE_TEMPLATE, configured: {} }],
      })),
    wfAddActionStep: (action) =>
      patchDraft((d) => {
        const base = action.key ? action.key.split('-').slice(1).join('_') || action.key : action.label;
        const configured = Object.fromEntries(action.props.filter((p) => p.default !== undefined && !p.type.startsWith('$.')).map((p) => [p.name, p.default]));
        return { steps: [...d.steps, { uid: newUid(), kind: 'action', name: uniqueStepName(base, d.steps.map((s) => s.name)), code: '', action, configured }] };
      }),
    wfUpdateStep: (uid, patch) => {
      const id = get().wfEditingId;
      const step = get().wfDraft.steps.find((st) => st.uid === uid);
      // A saved workflow's step code is kept in the browser until saved (a reload loses nothing).
      if (id && step && patch.code !== undefined) saveDraft(stepDraftKey(id, step.name), patch.code);
      patchDraft((d) => ({ steps: d.steps.map((s) => (s.uid === uid ? { ...s, ...patch } : s)) }));
      if (patch.name !== undefined) clearStepError(uid, 'name');
      if (patch.code !== undefined) clearStepError(uid, 'code');
      if (patch.configured !== undefined) clearStepError(uid, 'props');
    },
    wfMoveStep: (uid, by) =>
      patchDraft((d) => {
        const i = d.steps.findIndex((s) => s.uid === uid);
        const j = i + by;
        if (i === -1 || j < 0 || j >= d.steps.length) return {};
        const steps = [...d.steps];
        [steps[i], steps[j]] = [steps[j], steps[i]];
        return { steps };
      }),
    wfRemoveStep: (uid) => {
      patchDraft((d) => ({ steps: d.steps.filter((s) => s.uid !== uid) }));
      set((s) => ({ wfErrors: { ...s.wfErrors, steps: Object.fromEntries(Object.entries(s.wfErrors.steps).filter(([k]) => k !== uid)) } }));
    },
    wfDiscardStepDraft: (uid) => {
      const id = get().wfEditingId;
      const step = get().wfDraft.steps.find((st) => st.uid === uid);
      if (!id || !step?.restored) return;
      clearDraft(stepDraftKey(id, step.name));
      patchDraft((d) => ({ steps: d.steps.map((st) => (st.uid === uid ? { ...st, code: step.restored!.base, restored: undefined } : st)) }));
    },
    async wfSave() {
      const { wfDraft: draft, wfEditingId: id } = get();
      const errors = validateDraft(draft);
      if (hasErrors(errors)) {
        set({ wfErrors: { ...errors, top: 'Fix the fields marked below, then save again' } });
        return null;
      }
      set({ wfErrors: NO_ERRORS, wfBuilderStatus: 'saving' });
      try {
        const body = toRequestBody(draft);
        const wf = id ? await client.data('updateWorkflow', { id, body }) : await client.data('createWorkflow', { body });
        set({ wfBuilderStatus: 'idle' });
        if (id) for (const st of draft.steps) clearDraft(stepDraftKey(id, st.name));
        void get().refresh('workflows');
        return wf;
      } catch (err) {
        const placed = err instanceof ApiError && err.status >= 400 && err.status < 500 ? placeApiError(err, draft.steps) : { steps: {}, top: messageOf(err) };
        set({ wfErrors: placed, wfBuilderStatus: 'idle' });
        return null;
      }
    },
  };
};

/** The step with the unsaved code kept for it, when there is one that differs from the saved code. */
function withStepDraft(workflowId: string, step: DraftStep): DraftStep {
  if (step.kind !== 'code') return step;
  const d = loadDraft(stepDraftKey(workflowId, step.name));
  if (!d || d.text === step.code) return step;
  return { ...step, code: d.text, restored: { at: d.at, base: step.code } };
}
