// Unsaved editor text kept in the browser (localStorage), so a reload or a restart of the
// service does not throw it away. One draft per editor: a component, or a workflow's step.

const PREFIX = 'runnel.draft.';

export interface Draft {
  text: string;
  /** When it was last typed (epoch ms). */
  at: number;
}

/** The key of a component's editor (`new` for one never saved). */
export const componentDraftKey = (id: string) => `component:${id}`;
/** The key of a workflow step's code editor (`new` for a workflow never saved). */
export const stepDraftKey = (workflowId: string, stepName: string) => `workflow:${workflowId}:step:${stepName}`;

/** The draft under `key`, or null. */
export function loadDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    return typeof d.text === 'string' && typeof d.at === 'number' ? { text: d.text, at: d.at } : null;
  } catch {
    return null;
  }
}

/** Keeps `text` as the draft under `key` (a full storage only loses the draft). */
export function saveDraft(key: string, text: string): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ text, at: Date.now() }));
  } catch {
    // Storage full or disabled: the editor still works, the draft just is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing kept, nothing to clear
  }
}
