// The editor's own syntax check, run as the user types (debounced by CodeMirror's linter), so a
// typo shows before Save. JavaScript goes through acorn (the parser the service's checks use,
// with its messages); TypeScript, which acorn cannot read, through the editor's own grammar.
import { parse } from 'acorn';
import { ensureSyntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';

/** The first syntax error of the document as one diagnostic, or none. */
export function syntaxDiagnostics(state: EditorState, language: 'javascript' | 'typescript'): Diagnostic[] {
  const text = state.doc.toString();
  if (!text.trim()) return [];
  if (language === 'javascript') {
    try {
      parse(text, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true });
      return [];
    } catch (err) {
      const pos = typeof (err as { pos?: unknown }).pos === 'number' ? (err as { pos: number }).pos : 0;
      const message = ((err as Error).message ?? 'Syntax error').replace(/\s*\(\d+:\d+\)$/, '');
      return [at(state, pos, `Syntax error: ${message}`)];
    }
  }
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  let found: Diagnostic | null = null;
  tree?.iterate({
    enter: (n) => {
      if (found) return false;
      if (n.type.isError) found = at(state, n.from, 'Syntax error: unexpected token');
      return undefined;
    },
  });
  return found ? [found] : [];
}

function at(state: EditorState, pos: number, message: string): Diagnostic {
  const from = Math.max(0, Math.min(pos, state.doc.length));
  const line = state.doc.lineAt(from);
  // A zero-width error at a line's end still marks something visible: the rest of the line, or the line.
  const to = from < line.to ? Math.min(line.to, from + 1) : from;
  return { from: to === from ? line.from : from, to: to === from ? line.to : to, severity: 'error', message, source: 'syntax' };
}
