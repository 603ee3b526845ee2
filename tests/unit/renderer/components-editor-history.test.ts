import { EditorState, Transaction } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { history, redo, undo } from '../../../src/renderer/src/ui/code-editor/history';

/** A state holder standing in for the view: commands dispatch transactions into it. */
function editor(doc: string) {
  const h = { state: EditorState.create({ doc, extensions: history() }) };
  const target = { get state() { return h.state; }, dispatch: (tr: Transaction) => (h.state = tr.state) };
  const type = (at: number, text: string, userEvent = 'input.type') => target.dispatch(h.state.update({ changes: { from: at, insert: text }, userEvent }));
  return { target, type, text: () => h.state.doc.toString() };
}

describe('the code editor undo history', () => {
  it('undoes and redoes edits in order', () => {
    const e = editor('ab');
    e.type(2, 'c', 'input.paste');
    e.type(0, 'X', 'input.paste');
    expect(e.text()).toBe('Xabc');
    expect(undo(e.target)).toBe(true);
    expect(e.text()).toBe('abc');
    expect(undo(e.target)).toBe(true);
    expect(e.text()).toBe('ab');
    expect(undo(e.target)).toBe(false);
    expect(redo(e.target)).toBe(true);
    expect(redo(e.target)).toBe(true);
    expect(e.text()).toBe('Xabc');
    expect(redo(e.target)).toBe(false);
  });

  it('groups quick typing into one step', () => {
    const e = editor('');
    e.type(0, 'h');
    e.type(1, 'i');
    e.type(2, '!');
    expect(e.text()).toBe('hi!');
    undo(e.target);
    expect(e.text()).toBe('');
  });

  it('forgets the history when the document is replaced from outside', () => {
    const e = editor('old');
    e.type(3, '!', 'input.paste');
    e.target.dispatch(e.target.state.update({ changes: { from: 0, to: 4, insert: 'new' }, annotations: Transaction.remote.of(true) }));
    expect(undo(e.target)).toBe(false);
    expect(e.text()).toBe('new');
  });
});
