import type { AuthRow } from './accounts-slice';

/** Key/value lines for credentials; values are password inputs, stored ones show as masked. */
export function AuthRows({ rows, onChange }: { rows: AuthRow[]; onChange(rows: AuthRow[]): void }) {
  const edit = (i: number, patch: Partial<AuthRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="auth-rows">
      <legend>Credentials</legend>
      {rows.map((r, i) => (
        <div className="row" key={i}>
          <input
            className="mono"
            aria-label={`Key ${i + 1}`}
            placeholder="oauth_access_token"
            value={r.key}
            readOnly={r.stored}
            title={r.stored ? 'A stored key: remove it and add a new one to rename it' : undefined}
            onChange={(e) => edit(i, { key: e.target.value })}
          />
          <input
            className="mono"
            type="password"
            autoComplete="off"
            aria-label={r.key ? `Value of ${r.key}` : `Value ${i + 1}`}
            placeholder={r.stored ? '******** (unchanged)' : 'value'}
            value={r.value}
            onChange={(e) => edit(i, { value: e.target.value })}
          />
          <button type="button" className="icon-button" aria-label={`Remove ${r.key || `row ${i + 1}`}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { key: '', value: '', stored: false }])}>
        Add field
      </button>
    </fieldset>
  );
}
