import { useEffect, useRef, useState } from 'react';
import { javascript } from '@codemirror/lang-javascript';
import { Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { lintGutter, linter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { oneDark } from '@codemirror/theme-one-dark';
import { editorSetup } from './code-editor/setup';
import { usePrefersDark } from './code-editor/use-prefers-dark';
import { syntaxDiagnostics } from './code-editor/syntax-lint';
import { componentApi } from './code-editor/api-extension';
import type { EditorApiContext } from './code-editor/complete-api';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language?: 'javascript' | 'typescript';
  /** 1-based line to mark with `errorMessage` (e.g. from a 400's `details.line`). */
  errorLine?: number | null;
  errorMessage?: string | null;
  /** Accessible name of the editor. */
  label?: string;
  minHeight?: number;
  /** Check the code's syntax as the user types (component and step code; not JSON payloads). */
  checkSyntax?: boolean;
  /** Complete the component API (this., $., props, steps.<name>. from the last run) and show its docs on hover. */
  completions?: EditorApiContext;
}

const baseTheme = EditorView.theme({
  '&': { fontSize: '12px', border: '1px solid var(--border)', borderRadius: '4px', flex: '1 1 auto', minHeight: '0' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-lintRange-error': { backgroundColor: 'color-mix(in srgb, var(--bad) 18%, transparent)' },
});

/** One diagnostic covering the whole of `line` (clamped to the document). */
function diagnosticsFor(state: EditorState, line: number | null | undefined, message: string | null | undefined): Diagnostic[] {
  if (!line || line < 1) return [];
  const l = state.doc.line(Math.min(line, state.doc.lines));
  return [{ from: l.from, to: l.to, severity: 'error', message: message || 'Error on this line' }];
}

/**
 * A CodeMirror 6 editor for component code: JS/TS highlighting, the OS's light or dark theme,
 * and the API's error marked on its line. Controlled: a `value` that differs from the document
 * (a template, a loaded component) replaces it; the user's own typing round-trips unchanged.
 */
export function CodeEditor({ value, onChange, language = 'javascript', errorLine, errorMessage, label = 'Code', minHeight = 240, checkSyntax = false, completions }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const parts = useRef({ lang: new Compartment(), theme: new Compartment(), attrs: new Compartment() });
  const dark = usePrefersDark();
  // The syntax check runs as the user types; the API's error (from the last save) stays marked too.
  const [syntax, setSyntax] = useState<{ line: number; message: string } | null>(null);
  const lintInputs = useRef({ language, errorLine, errorMessage, checkSyntax });
  lintInputs.current = { language, errorLine, errorMessage, checkSyntax };
  const apiContext = useRef(completions);
  apiContext.current = completions;

  useEffect(() => {
    const { lang, theme, attrs } = parts.current;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          editorSetup(),
          lintGutter(),
          linter(
            (lv) => {
              const { language: l, errorLine: line, errorMessage: msg, checkSyntax: check } = lintInputs.current;
              let found = check ? syntaxDiagnostics(lv.state, l) : [];
              // The API's error on the same line is the same error, said by the service: show that one.
              if (line && found[0] && lv.state.doc.lineAt(found[0].from).number === line) found = [];
              setSyntax(found[0] ? { line: lv.state.doc.lineAt(found[0].from).number, message: found[0].message } : null);
              return [...found, ...diagnosticsFor(lv.state, line, msg)];
            },
            { delay: 400 },
          ),
          componentApi(() => apiContext.current),
          baseTheme,
          lang.of(javascript({ typescript: language === 'typescript' })),
          theme.of(dark ? oneDark : []),
          attrs.of(EditorView.contentAttributes.of({ 'aria-label': label })),
          EditorView.updateListener.of((u) => {
            // Only the user's edits go back up; replacing the doc from `value` must not echo.
            if (u.docChanged && !u.transactions.some((t) => t.annotation(Transaction.remote))) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is created once; the effects below keep it in step with the props.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: Transaction.remote.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.lang.reconfigure(javascript({ typescript: language === 'typescript' })) });
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.theme.reconfigure(dark ? oneDark : []) });
  }, [dark]);

  useEffect(() => {
    view.current?.dispatch({ effects: parts.current.attrs.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })) });
  }, [label]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, diagnosticsFor(v.state, errorLine, errorMessage)));
  }, [errorLine, errorMessage]);

  return (
    <div className="code-editor" style={{ minHeight, display: 'flex', flexDirection: 'column' }}>
      <div ref={host} className="code-editor-host" style={{ flex: 1, minHeight, display: 'flex', flexDirection: 'column' }} />
      {errorLine ? (
        <div className="code-editor-error" role="note" aria-label={`Error on line ${errorLine}`} style={{ color: 'var(--bad)', fontSize: 12, padding: '2px 4px' }}>
          <strong>Line {errorLine}:</strong> {errorMessage}
        </div>
      ) : null}
      {syntax ? (
        <div className="code-editor-error" role="status" aria-label="Syntax check" style={{ color: 'var(--bad)', fontSize: 12, padding: '2px 4px' }}>
          <strong>Line {syntax.line}:</strong> {syntax.message}
        </div>
      ) : null}
    </div>
  );
}
