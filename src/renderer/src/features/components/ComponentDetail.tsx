import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { SavedComponent } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { copyOf, registryEntryOf } from './component-logic';
import { editorDirty } from './components-slice';
import { EditorPanel } from './EditorPanel';

/** `#/components/:id`: a saved component in the editor (Save makes a new version), or a read-only registry one. */
export function ComponentDetail({ id }: { id: string }) {
  const open = useStore((s) => s.openComponent);
  const editor = useStore((s) => s.componentEditor);
  const registry = useStore((s) => s.registry);
  const save = useStore((s) => s.saveComponent);
  const del = useStore((s) => s.deleteComponent);
  const startNew = useStore((s) => s.startNewComponent);
  const [, navigate] = useLocation();

  useEffect(() => {
    void open(id);
  }, [id, open]);

  const entry = registryEntryOf(id, registry);
  const c = editor.target === id ? editor.component : null;
  const onSave = async () => {
    const next = await save();
    if (next && next !== id) navigate(`/${next}`);
  };

  if (editor.target === id && editor.loadError) {
    return (
      <Page title="Component">
        <div className="pad">
          <ErrorNote error={editor.loadError} />
          <Link href="/">Back to Components</Link>
        </div>
      </Page>
    );
  }
  if (!c) {
    return (
      <Page title="Component">
        <p className="pad muted">Loading {id}…</p>
      </Page>
    );
  }

  const deploy = c.type === 'source' && (
    <button type="button" onClick={() => navigate(`~/sources/new?component=${encodeURIComponent(c.id)}`)}>
      {entry ? 'Deploy' : 'Deploy as source'}
    </button>
  );
  const actions = entry ? (
    <>
      {deploy}
      <button
        type="button"
        onClick={() => {
          startNew(copyOf(c.code, c.key));
          navigate('/new');
        }}
      >
        Copy into a new component
      </button>
    </>
  ) : (
    <>
      {deploy}
      <ConfirmButton
        label="Delete"
        question={`Delete ${c.name} ${c.version}? Its code is removed from Runnel.`}
        disabled={editor.deleting || editor.saving}
        onConfirm={async () => {
          if (await del(c.id)) navigate('/');
        }}
      />
      <button type="button" className="primary" disabled={editor.saving || !editorDirty(editor)} onClick={onSave}>
        {editor.saving ? 'Saving…' : 'Save'}
      </button>
    </>
  );

  return (
    <Page title={c.name} actions={actions}>
      <div className="comp-detail">
        {entry ? (
          <div className="comp-editor">
            <p className="muted">
              {entry.builtin ? 'This component ships with Runnel' : 'This component is published to the local registry'} and is read-only here: deploy it, or copy it into a
              new component to change it.
            </p>
            <ErrorNote error={editor.deleteError} />
            <pre className="comp-readonly" aria-label="Component code" tabIndex={0}>
              {c.code}
            </pre>
          </div>
        ) : (
          <EditorPanel
            onSave={onSave}
            toolbar={
              <Link href="/" className="comp-back">
                ← Components
              </Link>
            }
          />
        )}
        <Facts c={c} origin={entry ? (entry.builtin ? 'built-in' : 'published') : 'saved'} />
      </div>
    </Page>
  );
}

/** The side panel: what the component is, its props, and the sources deployed from this version. */
function Facts({ c, origin }: { c: SavedComponent; origin: string }) {
  const sources = useStore((s) => s.sources).filter((s) => s.component_id === c.id);
  return (
    <aside className="comp-facts" aria-label="About this component">
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <ShortId id={c.id} copy />
        </dd>
        <dt>Key</dt>
        <dd>
          <code>{c.key ?? '—'}</code>
        </dd>
        <dt>Version</dt>
        <dd>
          <code>{c.version}</code>
        </dd>
        <dt>Type</dt>
        <dd>{c.type}</dd>
        <dt>From</dt>
        <dd>{origin}</dd>
        <dt>Saved</dt>
        <dd>
          <RelativeTime ms={c.updated_at * 1000} />
        </dd>
      </dl>
      {c.description && <p className="muted">{c.description}</p>}
      <h2>Props</h2>
      {c.configurable_props.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul className="comp-props">
          {c.configurable_props.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code> <span className="muted">{p.type}</span>
              {p.optional ? <span className="muted"> (optional)</span> : null}
            </li>
          ))}
        </ul>
      )}
      {c.type === 'source' && (
        <>
          <h2>Deployed from this version</h2>
          {sources.length === 0 ? (
            <p className="muted">No source yet.</p>
          ) : (
            <ul className="comp-props">
              {sources.map((s) => (
                <li key={s.id}>
                  <Link href={`~/sources/${s.id}`}>{s.name}</Link> <ShortId id={s.id} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}
