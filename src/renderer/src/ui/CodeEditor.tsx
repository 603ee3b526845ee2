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
}

/** A code editor (minimal version: a textarea with the same interface as the CodeMirror one). */
export function CodeEditor({ value, onChange, label = 'Code', minHeight = 240 }: CodeEditorProps) {
  return <textarea className="mono" aria-label={label} value={value} style={{ minHeight, width: '100%' }} onChange={(e) => onChange(e.target.value)} />;
}
