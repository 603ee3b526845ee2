import { useId, useState } from 'react';
import { CONTENT_TYPES, HTTP_REQUEST_METHODS, type AuthMode, type BodyMode, type RequestDraft, type Row } from './http-request-model';
import { SECRET_MASK } from './prop-form-model';
import './http-request.css';

type Tab = 'params' | 'headers' | 'body' | 'auth';

export interface HttpRequestInputProps {
  /** The URL input's DOM id (the prop's label points at it). */
  id: string;
  label: string;
  value: RequestDraft;
  onChange(v: RequestDraft): void;
}

/** An `http_request` prop as a small request builder: method and URL, then params, headers, body and auth in tabs. */
export function HttpRequestInput({ id, label, value, onChange }: HttpRequestInputProps) {
  const [tab, setTab] = useState<Tab>('params');
  const set = (patch: Partial<RequestDraft>) => onChange({ ...value, ...patch });
  const methods: readonly string[] = (HTTP_REQUEST_METHODS as readonly string[]).includes(value.method) ? HTTP_REQUEST_METHODS : [value.method, ...HTTP_REQUEST_METHODS];
  const count = (rows: Row[]) => rows.filter((r) => r.name.trim() !== '').length;
  const tabs: [Tab, string][] = [
    ['params', `Params${count(value.params) ? ` (${count(value.params)})` : ''}`],
    ['headers', `Headers${count(value.headers) ? ` (${count(value.headers)})` : ''}`],
    ['body', value.bodyMode === 'none' ? 'Body' : `Body (${value.bodyMode})`],
    ['auth', value.authMode === 'none' ? 'Auth' : `Auth (${value.authMode})`],
  ];
  return (
    <div className="http-request" role="group" aria-label={`${label} request`}>
      <div className="http-request-line">
        <select aria-label={`${label} method`} value={value.method} onChange={(e) => set({ method: e.target.value })}>
          {methods.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input id={id} className="mono" aria-label={`${label} URL`} placeholder="https://api.example.com/items" value={value.url} onChange={(e) => set({ url: e.target.value })} />
      </div>
      <div role="tablist" aria-label={`${label} parts`} className="http-request-tabs">
        {tabs.map(([t, text]) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
            {text}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs.find(([t]) => t === tab)![1]} className="http-request-panel">
        {tab === 'params' && <Rows noun="param" rows={value.params} onChange={(params) => set({ params })} />}
        {tab === 'headers' && <Rows noun="header" rows={value.headers} onChange={(headers) => set({ headers })} />}
        {tab === 'body' && <Body id={id} value={value} set={set} />}
        {tab === 'auth' && <Auth value={value} set={set} />}
      </div>
    </div>
  );
}

/** Name/value rows with add and remove buttons. */
function Rows({ noun, rows, onChange }: { noun: string; rows: Row[]; onChange(rows: Row[]): void }) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const edit = (i: number, patch: Partial<Row>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="http-request-rows">
      {rows.map((r, i) => (
        <div className="row" key={i}>
          <input className="mono" aria-label={`${title} ${i + 1} name`} placeholder="name" value={r.name} onChange={(e) => edit(i, { name: e.target.value })} />
          <input className="mono" aria-label={`${title} ${i + 1} value`} placeholder="value" value={r.value} onChange={(e) => edit(i, { value: e.target.value })} />
          <button type="button" className="icon-button" aria-label={`Remove ${noun} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      {rows.length === 0 && <span className="muted">No {noun}s.</span>}
      <div>
        <button type="button" onClick={() => onChange([...rows, { name: '', value: '' }])}>
          Add {noun}
        </button>
      </div>
    </div>
  );
}

function Radios<T extends string>({ name, options, value, onChange }: { name: string; options: [T, string][]; value: T; onChange(v: T): void }) {
  const group = useId();
  return (
    <div className="row" role="radiogroup" aria-label={name}>
      {options.map(([v, text]) => (
        <label key={v} className="row">
          <input type="radio" name={group} checked={value === v} onChange={() => onChange(v)} /> {text}
        </label>
      ))}
    </div>
  );
}

function Body({ id, value, set }: { id: string; value: RequestDraft; set(p: Partial<RequestDraft>): void }) {
  const listId = `${id}-content-types`;
  return (
    <div className="http-request-rows">
      <Radios<BodyMode> name="Body type" options={[['none', 'None'], ['fields', 'Fields'], ['raw', 'Raw']]} value={value.bodyMode} onChange={(bodyMode) => set({ bodyMode, fields: bodyMode === 'fields' && value.fields.length === 0 ? [{ name: '', value: '' }] : value.fields })} />
      {value.bodyMode !== 'none' && (
        <label className="row">
          Content type
          <input className="mono" list={listId} aria-label="Content type" placeholder={value.bodyMode === 'raw' ? 'text/plain' : 'application/json'} value={value.contentType} onChange={(e) => set({ contentType: e.target.value })} />
          <datalist id={listId}>
            {CONTENT_TYPES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
      )}
      {value.bodyMode === 'fields' && <Rows noun="field" rows={value.fields} onChange={(fields) => set({ fields })} />}
      {value.bodyMode === 'raw' && <textarea className="mono" rows={5} spellCheck={false} aria-label="Raw body" value={value.raw} onChange={(e) => set({ raw: e.target.value })} />}
      {value.bodyMode === 'none' && <span className="muted">No body is sent (GET and HEAD never send one).</span>}
    </div>
  );
}

function Secret({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <>
      <input type="password" autoComplete="off" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} onFocus={(e) => e.target.value === SECRET_MASK && e.target.select()} />
      {value === SECRET_MASK && <span className="hint">Stored encrypted; leave it to keep the value, or type a new one.</span>}
    </>
  );
}

function Auth({ value, set }: { value: RequestDraft; set(p: Partial<RequestDraft>): void }) {
  return (
    <div className="http-request-rows">
      <Radios<AuthMode> name="Auth type" options={[['none', 'None'], ['basic', 'Basic'], ['bearer', 'Bearer token']]} value={value.authMode} onChange={(authMode) => set({ authMode })} />
      {value.authMode === 'basic' && (
        <div className="row">
          <input aria-label="Username" placeholder="username" autoComplete="off" value={value.username} onChange={(e) => set({ username: e.target.value })} />
          <Secret label="Password" value={value.password} onChange={(password) => set({ password })} />
        </div>
      )}
      {value.authMode === 'bearer' && (
        <div className="row">
          <Secret label="Token" value={value.token} onChange={(token) => set({ token })} />
        </div>
      )}
      {value.authMode === 'none' && <span className="muted">No Authorization header is added.</span>}
    </div>
  );
}
