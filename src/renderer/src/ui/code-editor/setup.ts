import { indentWithTab } from '@codemirror/commands';
import type { Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';

/**
 * The editor's setup: CodeMirror's basic setup (gutters, highlighting, brackets, completion,
 * folding, search, undo) plus Tab to indent (Escape then Tab leaves the editor, CodeMirror's
 * own escape hatch for keyboard users).
 */
export function editorSetup(): Extension {
  return [basicSetup, keymap.of([indentWithTab])];
}
