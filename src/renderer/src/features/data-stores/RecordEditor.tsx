import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { DataStoreRecord } from '../../../../shared/data-stores';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { RelativeTime } from '../../ui/RelativeTime';
import { absoluteTime } from '../../ui/format';
import { recordWhere } from './data-stores-slice';
import { draftOf, expiryLabel, keyToPath, parseDraft, type RecordDraft, type TtlMode } from './record-logic';

/**
 * Adds a record (`record` null) or edits one: its value in a JSON editor, its expiry (keep,
 * none, or N seconds from now). Input mistakes are shown at the field; the API's at the buttons.
 */
export function RecordEditor({ storeId, record }: { storeId: string; record: DataStoreRecord | null }) {
  const save = useStore((s) => s.saveRecord);
  const remove = useStore((s) => s.deleteRecord);
  const clear = useStore((s) => s.clearDataStoreError);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<RecordDraft>(() => draftOf(record));
  // The version the draft started from: a write by a component meanwhile is pointed out.
  const [base, setBase] = useState(record?.updated_at ?? null);
  const [problem, setProblem] = useState<{ field: 'key' | 'json' | 'ttl'; message: string; line?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const where = recordWhere(storeId, record?.key ?? draft.key);
  const apiError = useStore((s) => s.dataStoreErrors[where]);
  const edit = (p: Partial<RecordDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    setSaved(false);
    if (problem && ((p.key !== undefined && problem.field === 'key') || (p.json !== undefined && problem.field === 'json') || (p.ttlSeconds !== undefined && problem.field === 'ttl'))) setProblem(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setProblem(parsed);
      return;
    }
    setProblem(null);
    setBusy(true);
    const out = await save(storeId, parsed.key, parsed.body);
    setBusy(false);
    if (!out) return;
    setSaved(true);
    setBase(out.updated_at);
    if (!record) navigate(`/records/${keyToPath(out.key)}`);
  };

  const changedMeanwhile = record !== null && base !== null && record.updated_at !== base;
  return (
    <form className="form ds-editor" aria-label={record ? `Record ${record.key}` : 'New record'} onSubmit={submit}>
      <h2>{record ? 'Edit record' : 'Add a record'}</h2>
      <div className={`field${problem?.field === 'key' ? ' invalid' : ''}`}>
        <label htmlFor="ds-key">Key</label>
        {record ? (
          <code id="ds-key" className="ds-key-full">
            {record.key}
          </code>
        ) : (
          <input id="ds-key" className="mono" autoFocus placeholder="lastRanAt" value={draft.key} onChange={(e) => edit({ key: e.target.value })} />
        )}
        {problem?.field === 'key' && (
          <span className="field-error" role="alert">
            {problem.message}
          </span>
        )}
      </div>
      {record && (
        <dl className="facts">
          <dt>Created</dt>
          <dd>
            <RelativeTime ms={record.created_at} />
          </dd>
          <dt>Updated</dt>
          <dd>
            <RelativeTime ms={record.updated_at} />
          </dd>
          <dt>Expires</dt>
          <dd title={record.expires_at === null ? undefined : absoluteTime(record.expires_at)}>{expiryLabel(record.expires_at, Date.now())}</dd>
        </dl>
      )}
      {changedMeanwhile && (
        <div className="ds-changed" role="status">
          This record was written since you opened it.{' '}
          <button
            type="button"
            onClick={() => {
              setDraft(draftOf(record));
              setBase(record.updated_at);
              setProblem(null);
            }}
          >
            Load the new value
          </button>
        </div>
      )}
      <div className={`field${problem?.field === 'json' ? ' invalid' : ''}`}>
        <span className="label">Value (JSON)</span>
        <CodeEditor
          label="Value (JSON)"
          value={draft.json}
          onChange={(json) => edit({ json })}
          minHeight={180}
          errorLine={problem?.field === 'json' ? (problem.line ?? null) : null}
          errorMessage={problem?.field === 'json' ? problem.message : null}
        />
        {/* With a line, the editor marks it and shows the message under it. */}
        {problem?.field === 'json' && problem.line === undefined && (
          <span className="field-error" role="alert">
            {problem.message}
          </span>
        )}
      </div>
      <TtlField draft={draft} existing={record} invalid={problem?.field === 'ttl' ? problem.message : null} onChange={edit} />
      <ErrorNote error={apiError} onDismiss={() => clear(where)} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {record ? 'Save' : 'Add record'}
        </button>
        {saved && <span role="status">Saved</span>}
        <button type="button" onClick={() => navigate('/')}>
          {record ? 'Close' : 'Cancel'}
        </button>
        <span className="ds-spacer" />
        {record && (
          <ConfirmButton
            label="Delete record"
            question={`Delete the record “${record.key}”?`}
            onConfirm={async () => {
              if (await remove(storeId, record.key)) navigate('/');
            }}
          />
        )}
      </div>
    </form>
  );
}

function TtlField({ draft, existing, invalid, onChange }: { draft: RecordDraft; existing: DataStoreRecord | null; invalid: string | null; onChange(p: Partial<RecordDraft>): void }) {
  const mode = (m: TtlMode) => onChange({ ttlMode: m });
  return (
    <fieldset className={`field ds-ttl${invalid ? ' invalid' : ''}`}>
      <legend>Expiry (TTL)</legend>
      {existing && (
        <label className="row">
          <input type="radio" name="ds-ttl" checked={draft.ttlMode === 'keep'} onChange={() => mode('keep')} /> Keep the current expiry ({expiryLabel(existing.expires_at, Date.now())})
        </label>
      )}
      <label className="row">
        <input type="radio" name="ds-ttl" checked={draft.ttlMode === 'none'} onChange={() => mode('none')} /> Never expires
      </label>
      <label className="row">
        <input type="radio" name="ds-ttl" checked={draft.ttlMode === 'seconds'} onChange={() => mode('seconds')} /> Expires in
        <input
          type="number"
          min={1}
          aria-label="Seconds until the record expires"
          className="ds-ttl-seconds"
          value={draft.ttlSeconds}
          placeholder="3600"
          onFocus={() => mode('seconds')}
          onChange={(e) => onChange({ ttlSeconds: e.target.value, ttlMode: 'seconds' })}
        />{' '}
        seconds
      </label>
      {invalid && (
        <span className="field-error" role="alert">
          {invalid}
        </span>
      )}
    </fieldset>
  );
}
