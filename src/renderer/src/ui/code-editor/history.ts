import { ChangeSet, EditorSelection, StateEffect, StateField, Transaction, type EditorState, type Extension, type StateCommand } from '@codemirror/state';
import type { KeyBinding } from '@codemirror/view';

// A small undo history (@codemirror/commands is not installed, see setup.ts): each entry is the
// inverse of a change, entries are undone strictly in reverse order so no position mapping is
// needed, and typing within half a second joins the previous entry.

interface Entry {
  changes: ChangeSet;
  selection: EditorSelection;
}
interface History {
  done: Entry[];
  undone: Entry[];
  lastTime: number;
}

const EMPTY: History = { done: [], undone: [], lastTime: 0 };
const GROUP_MS = 500;
const LIMIT = 200;
const setHistory = StateEffect.define<History>();

const historyField = StateField.define<History>({
  create: () => EMPTY,
  update(h, tr) {
    for (const e of tr.effects) if (e.is(setHistory)) return e.value;
    if (!tr.docChanged) return h;
    // A document replaced from outside (a template, a loaded version) starts a fresh history.
    if (tr.annotation(Transaction.remote)) return EMPTY;
    const inverse = tr.changes.invert(tr.startState.doc);
    const now = Date.now();
    const last = h.done[h.done.length - 1];
    if (last && now - h.lastTime < GROUP_MS && tr.isUserEvent('input.type')) {
      // The group's inverse undoes this change first, then the earlier ones.
      return { done: [...h.done.slice(0, -1), { changes: inverse.compose(last.changes), selection: last.selection }], undone: [], lastTime: now };
    }
    return { done: [...h.done, { changes: inverse, selection: tr.startState.selection }].slice(-LIMIT), undone: [], lastTime: now };
  },
});

function move({ state, dispatch }: { state: EditorState; dispatch(tr: Transaction): void }, from: 'done' | 'undone'): boolean {
  const h = state.field(historyField);
  const entry = h[from][h[from].length - 1];
  if (!entry) return false;
  const back: Entry = { changes: entry.changes.invert(state.doc), selection: state.selection };
  const next: History =
    from === 'done'
      ? { done: h.done.slice(0, -1), undone: [...h.undone, back], lastTime: 0 }
      : { done: [...h.done, back], undone: h.undone.slice(0, -1), lastTime: 0 };
  dispatch(
    state.update({
      changes: entry.changes,
      selection: entry.selection,
      effects: setHistory.of(next),
      userEvent: from === 'done' ? 'undo' : 'redo',
      scrollIntoView: true,
    }),
  );
  return true;
}

/** Undoes the last change (or group of typed characters). */
export const undo: StateCommand = (target) => move(target, 'done');
/** Redoes what `undo` took back. */
export const redo: StateCommand = (target) => move(target, 'undone');

/** The history state; add `historyKeymap` for Mod-z / Mod-y / Mod-Shift-z. */
export const history = (): Extension => historyField;

export const historyKeymap: KeyBinding[] = [
  { key: 'Mod-z', run: undo, preventDefault: true },
  { key: 'Mod-y', run: redo, preventDefault: true },
  { key: 'Mod-Shift-z', run: redo, preventDefault: true },
];
