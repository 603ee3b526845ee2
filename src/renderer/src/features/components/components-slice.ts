import type { StateCreator } from 'zustand';
import type { SavedComponent } from '../../../../shared/resources';
import { ApiError, client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';
import { DEFAULT_FILTER, detectLanguage, errorLineOf, type CodeLanguage, type ComponentFilter } from './component-logic';
import { clearDraft, componentDraftKey, loadDraft, saveDraft } from '../../ui/drafts';

/** What `PUT /v1/components/{id}` did to one source deployed from the old version. */
export interface SourceMove {
  id: string;
  updated: boolean;
  error?: { code: string; message: string };
}

/** The outcome of saving new code for an existing component. */
export interface UpdateReport {
  componentId: string;
  previousId: string;
  sources: SourceMove[];
}

/** A refused save, as the API put it, with the line of the code it points at. */
export interface SaveError {
  code: string;
  message: string;
  line: number | null;
  prop: string | null;
}

export interface ComponentEditor {
  /** `'new'` for `#/components/new`, a component id, or null before anything is opened. */
  target: string | null;
  /** The component being edited (null for a new one, or while it loads). */
  component: SavedComponent | null;
  loadError: string | null;
  code: string;
  /** The code as last saved or loaded: the editor is dirty when `code` differs. */
  original: string;
  languageMode: 'auto' | CodeLanguage;
  saving: boolean;
  /** When the save started (ms), so progress shows only this save's package activity. */
  savingSince: number | null;
  error: SaveError | null;
  report: UpdateReport | null;
  deleting: boolean;
  deleteError: string | null;
  /** Set when the code shown is an unsaved draft from an earlier visit: when it was typed, and what it replaced. */
  restored: { at: number; base: string } | null;
}

/** The Components screen: the list filter and the editor with its save/delete actions. */
export interface ComponentsSlice {
  componentFilter: ComponentFilter;
  componentEditor: ComponentEditor;
  setComponentFilter(p: Partial<ComponentFilter>): void;
  /** Opens the editor on new, unsaved code (a template or a copy). */
  /** `restoreDraft`: show the unsaved new component kept from an earlier visit instead, if any. */
  startNewComponent(code: string, o?: { restoreDraft?: boolean }): void;
  /** Drops the restored draft: the editor shows what it would have shown without it. */
  discardDraft(): void;
  /** Opens a saved or registry component in the editor (no-op when it is already open). */
  openComponent(id: string): Promise<void>;
  setEditorCode(code: string): void;
  setEditorLanguage(mode: 'auto' | CodeLanguage): void;
  /** Saves the editor's code (create or new version); resolves to the saved id, or null when refused. */
  saveComponent(): Promise<string | null>;
  /** Deletes a saved component; resolves to whether it was deleted. */
  deleteComponent(id: string): Promise<boolean>;
  dismissComponentError(): void;
}

const EMPTY_EDITOR: ComponentEditor = {
  target: null,
  component: null,
  loadError: null,
  code: '',
  original: '',
  languageMode: 'auto',
  saving: false,
  savingSince: null,
  error: null,
  report: null,
  deleting: false,
  deleteError: null,
  restored: null,
};

/** The editor opened on `code`, or on the draft kept for `target` when there is one that differs. */
function withDraft(e: ComponentEditor): ComponentEditor {
  if (e.target === null) return e;
  const d = loadDraft(componentDraftKey(e.target));
  if (!d || d.text === e.code) return e;
  return { ...e, code: d.text, restored: { at: d.at, base: e.code } };
}

/** The language the editor highlights: the toggle, or what the code looks like. */
export const editorLanguage = (e: ComponentEditor): CodeLanguage => (e.languageMode === 'auto' ? detectLanguage(e.code) : e.languageMode);

/** Whether the editor holds changes that are not saved. */
export const editorDirty = (e: ComponentEditor): boolean => e.code !== e.original;

function saveErrorOf(err: unknown, code: string): SaveError {
  if (err instanceof ApiError) {
    return { code: err.code, message: err.message, line: errorLineOf(err.details, code), prop: typeof err.details?.prop === 'string' ? err.details.prop : null };
  }
  return { code: 'error', message: messageOf(err), line: null, prop: null };
}

export const createComponentsSlice: StateCreator<ComponentsSlice & ResourcesSlice, [], [], ComponentsSlice> = (set, get) => {
  const edit = (p: Partial<ComponentEditor>) => set((s) => ({ componentEditor: { ...s.componentEditor, ...p } }));
  return {
    componentFilter: DEFAULT_FILTER,
    componentEditor: EMPTY_EDITOR,
    setComponentFilter: (p) => set((s) => ({ componentFilter: { ...s.componentFilter, ...p } })),

    startNewComponent: (code, o = {}) => {
      const fresh: ComponentEditor = { ...EMPTY_EDITOR, target: 'new', code, original: '' };
      if (!o.restoreDraft) clearDraft(componentDraftKey('new'));
      set({ componentEditor: o.restoreDraft ? withDraft(fresh) : fresh });
    },

    discardDraft: () => {
      const e = get().componentEditor;
      if (!e.restored || e.target === null) return;
      clearDraft(componentDraftKey(e.target));
      edit({ code: e.restored.base, restored: null });
    },

    async openComponent(id) {
      const cur = get().componentEditor;
      if (cur.target === id && (cur.component || cur.saving)) return;
      // A report belongs to the version the save moved to; keep it when that is what opens.
      const report = cur.report?.componentId === id ? cur.report : null;
      const known = get().components.find((c) => c.id === id);
      const opened: ComponentEditor = { ...EMPTY_EDITOR, target: id, report, component: known ?? null, code: known?.code ?? '', original: known?.code ?? '' };
      set({ componentEditor: known ? withDraft(opened) : opened });
      if (known) return;
      try {
        const c = await client.data('getComponent', { idOrKey: id });
        if (get().componentEditor.target !== id) return;
        set({ componentEditor: withDraft({ ...get().componentEditor, component: c, code: c.code, original: c.code }) });
      } catch (err) {
        if (get().componentEditor.target === id) edit({ loadError: messageOf(err) });
      }
    },

    setEditorCode: (code) => {
      const e = get().componentEditor;
      if (e.target !== null) {
        // Kept in the browser until saved, so a reload or a restart loses nothing.
        if (code === e.original) clearDraft(componentDraftKey(e.target));
        else saveDraft(componentDraftKey(e.target), code);
      }
      edit({ code });
    },
    setEditorLanguage: (languageMode) => edit({ languageMode }),

    async saveComponent() {
      const e = get().componentEditor;
      if (e.saving || e.target === null) return null;
      const code = e.code;
      edit({ saving: true, savingSince: Date.now(), error: null, report: null, deleteError: null });
      try {
        let component: SavedComponent;
        let report: UpdateReport | null = null;
        if (e.target === 'new') {
          component = await client.data('createComponent', { body: { component_code: code } });
        } else {
          const r = await client.data('updateComponent', { id: e.target, body: { component_code: code } });
          component = r.component;
          report = { componentId: component.id, previousId: e.target, sources: r.sources };
        }
        // Typing may have continued during the save: keep it, it is simply not saved yet.
        clearDraft(componentDraftKey(e.target));
        const now = get().componentEditor.code;
        if (now !== code) saveDraft(componentDraftKey(component.id), now);
        edit({ target: component.id, component, original: code, saving: false, savingSince: null, report, restored: null });
        void get().refresh('components');
        // Moved sources now name the new version (the stream may not announce that as a source change).
        if (report?.sources.some((m) => m.updated)) void get().refresh('sources');
        return component.id;
      } catch (err) {
        edit({ saving: false, savingSince: null, error: saveErrorOf(err, code) });
        return null;
      }
    },

    async deleteComponent(id) {
      edit({ deleting: true, deleteError: null });
      try {
        await client.data('deleteComponent', { id });
        set({ componentEditor: EMPTY_EDITOR });
        void get().refresh('components');
        return true;
      } catch (err) {
        edit({ deleting: false, deleteError: messageOf(err) });
        return false;
      }
    },

    dismissComponentError: () => edit({ error: null, deleteError: null }),
  };
};
