import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ErrorNote } from '../../ui/ErrorNote';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { detectLanguage, saveProgressLine, type CodeLanguage } from './component-logic';
import { editorDirty, editorLanguage, type UpdateReport } from './components-slice';

/** The editor completes the component API (this.$emit, props, $, prop types). */
const COMPLETIONS = { kind: 'component' } as const;

const LANG_LABEL: Record<CodeLanguage, string> = { javascript: 'JavaScript', typescript: 'TypeScript' };

/**
 * The editable code of the component being edited, with what the last save said: the API's
 * error (its line marked in the editor), package progress while saving, the in-place report.
 * `onSave` also runs on Ctrl/Cmd+S inside the panel.
 */
export function EditorPanel({ onSave, toolbar }: { onSave(): void; toolbar?: ReactNode }) {
  const editor = useStore((s) => s.componentEditor);
  const setCode = useStore((s) => s.setEditorCode);
  const setLanguage = useStore((s) => s.setEditorLanguage);
  const dismiss = useStore((s) => s.dismissComponentError);
  const err = editor.error;
  return (
    <div
      className="comp-editor"
      onKeyDown={(e) => {
        if (e.key.toLowerCase() === 's' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          onSave();
        }
      }}
    >
      <div className="row comp-toolbar">
        {toolbar}
        <label className="row">
          Language
          <select aria-label="Language" value={editor.languageMode} onChange={(e) => setLanguage(e.target.value as 'auto' | CodeLanguage)}>
            <option value="auto">Detect ({LANG_LABEL[detectLanguage(editor.code)]})</option>
            <option value="javascript">JavaScript</option>
            <option value="typescript">TypeScript</option>
          </select>
        </label>
        {editorDirty(editor) && <span className="comp-dirty">● unsaved changes</span>}
        <span className="muted comp-hint">Ctrl+S saves</span>
      </div>
      <RestoredDraftNote />
      <ErrorNote error={err ? `${err.message}${err.prop && err.line ? ` (declared on line ${err.line})` : ''}` : editor.deleteError} onDismiss={dismiss} />
      <SaveProgress />
      {editor.report && <SaveReport report={editor.report} />}
      <CodeEditor
        value={editor.code}
        onChange={setCode}
        language={editorLanguage(editor)}
        label="Component code"
        checkSyntax
        completions={COMPLETIONS}
        errorLine={err?.line ?? null}
        errorMessage={err?.message ?? null}
        minHeight={320}
      />
    </div>
  );
}

/** Says the code is an unsaved draft from an earlier visit, with a way back to the saved code. */
function RestoredDraftNote() {
  const restored = useStore((s) => s.componentEditor.restored);
  const discard = useStore((s) => s.discardDraft);
  if (!restored) return null;
  return (
    <div className="draft-note row" role="status" aria-label="Restored draft">
      <span>
        Restored your unsaved draft from <RelativeTime ms={restored.at} />; it is not saved yet.
      </span>
      <button type="button" onClick={discard}>
        Discard draft
      </button>
    </div>
  );
}

/** What is happening while a save runs (npm packages may be fetched first). */
function SaveProgress() {
  const since = useStore((s) => s.componentEditor.savingSince);
  const activity = useStore((s) => s.activity);
  if (since === null) return null;
  return (
    <div className="progress" role="status" aria-label="Save progress">
      {saveProgressLine(activity, since)}
    </div>
  );
}

/** Which sources `PUT /v1/components/{id}` moved to the new version, and which refused. */
export function SaveReport({ report }: { report: UpdateReport }) {
  const moved = report.sources.filter((s) => s.updated);
  const refused = report.sources.filter((s) => !s.updated);
  const unchanged = report.previousId === report.componentId;
  return (
    <section className="comp-report" aria-label="Save report">
      {unchanged ? (
        <p>Saved: the code is the same as this version, so nothing was updated.</p>
      ) : (
        <p>
          Saved as a new version <ShortId id={report.componentId} copy /> (was <ShortId id={report.previousId} />).{' '}
          {report.sources.length === 0 && 'No deployed source used the previous version.'}
        </p>
      )}
      {report.sources.length > 0 && (
        <ul className="comp-moves">
          {moved.map((s) => (
            <li key={s.id}>
              <span className="badge badge-ok">updated in place</span> <Link href={`~/sources/${s.id}`}>{s.id}</Link>
            </li>
          ))}
          {refused.map((s) => (
            <li key={s.id}>
              <span className="badge badge-bad">refused</span> <Link href={`~/sources/${s.id}`}>{s.id}</Link> kept the previous version:{' '}
              <span className="comp-move-error">{s.error?.message ?? 'unknown error'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
