import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  getIndentation,
  getIndentUnit,
  IndentContext,
  indentOnInput,
  indentString,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorSelection, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
  type Command,
} from '@codemirror/view';
import { history, historyKeymap } from './history';

// The installed `codemirror` package is the CodeMirror 5 build published by mistake as 6.65.7,
// so its `basicSetup` (and @codemirror/commands with it) is not available: this file is the
// part of basicSetup the editor needs, built from the @codemirror packages that are installed.

/** Enter: a new line indented as the language says (an extra line between `{` and `}`). */
const newlineAndIndent: Command = (view) => {
  const { state } = view;
  const tr = state.changeByRange((range) => {
    const { from, to } = range;
    const before = state.sliceDoc(from - 1, from);
    const after = state.sliceDoc(to, to + 1);
    const between = (before === '{' && after === '}') || (before === '[' && after === ']') || (before === '(' && after === ')');
    const cx = new IndentContext(state, { simulateBreak: from, simulateDoubleBreak: between });
    const indent = getIndentation(cx, from) ?? /^\s*/.exec(state.doc.lineAt(from).text)![0].length;
    const line = state.doc.lineAt(from);
    const insert = ['', indentString(state, indent)];
    if (between) insert.push(indentString(state, Math.max(0, indent - getIndentUnit(state))));
    const text = insert.join(state.lineBreak);
    // Trailing spaces of the line being left are dropped, as editors usually do.
    let start = from;
    while (start > line.from && /[ \t]/.test(state.sliceDoc(start - 1, start))) start--;
    return { changes: { from: start, to, insert: text }, range: EditorSelection.cursor(start + 1 + indentString(state, indent).length) };
  });
  view.dispatch(state.update(tr, { scrollIntoView: true, userEvent: 'input' }));
  return true;
};

/** Tab inserts one indent unit (Escape first, then Tab, leaves the editor: CodeMirror's own escape hatch). */
const insertIndent: Command = (view) => {
  const unit = indentString(view.state, getIndentUnit(view.state));
  view.dispatch(view.state.replaceSelection(unit), { userEvent: 'input' });
  return true;
};

const selectAll: Command = (view) => {
  view.dispatch({ selection: { anchor: 0, head: view.state.doc.length }, userEvent: 'select' });
  return true;
};

/** The editor's basic setup: gutters, highlighting, brackets, completion, folding, undo, Enter/Tab. */
export function editorSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    history(),
    keymap.of([
      ...closeBracketsKeymap,
      ...completionKeymap,
      ...foldKeymap,
      { key: 'Enter', run: newlineAndIndent },
      { key: 'Tab', run: insertIndent },
      { key: 'Mod-a', run: selectAll },
      ...historyKeymap,
    ]),
  ];
}
