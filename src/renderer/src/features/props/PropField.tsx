import type { ConfigurableProp } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { CopyButton } from '../../ui/CopyButton';
import { fieldKind, isRequired, normalizeOptions, SECRET_MASK, type FieldState, type TimerDraft } from './prop-form-model';
import { RemoteOptionsInput } from './RemoteOptionsInput';
import { DataStoreInput } from './DataStoreInput';
import { HttpRequestInput } from './HttpRequestInput';
import type { RequestDraft } from './http-request-model';
import { Checkboxes } from './Checkboxes';

export interface PropFieldProps {
  prop: ConfigurableProp;
  field: FieldState;
  onChange(f: FieldState): void;
  /** The input's DOM id (the label points at it). */
  id: string;
  componentId: string;
  /** The form's current `configured_props` (async options see them as `this`). */
  configured: Record<string, unknown>;
  /** The value as configured now (an HTTP prop shows its endpoint). */
  current: unknown;
  error?: string;
  allowExpressions?: boolean;
  note?: string | null;
}

/** One prop: its label (required or optional), its input for the prop's type, its hint and its error. */
export function PropField(p: PropFieldProps) {
  const { prop, field, onChange, id, error, allowExpressions, note } = p;
  const kind = fieldKind(prop);
  const label = prop.label ?? prop.name;
  const canExpr = allowExpressions && kind !== 'text' && kind !== 'http' && kind !== 'app' && kind !== 'data_store';
  if (kind === 'alert') {
    // A display-only prop of the component: a note, no input, no value.
    const tone = typeof prop.alertType === 'string' ? prop.alertType : 'info';
    return (
      <div className={`prop-alert prop-alert-${tone}`} role="note" data-prop={prop.name}>
        {typeof prop.content === 'string' ? prop.content : label}
      </div>
    );
  }
  return (
    <div className={`field prop-field${error ? ' invalid' : ''}`} data-prop={prop.name}>
      <div className="prop-label">
        {kind === 'boolean' && field.expr === null ? (
          <span className="label">{label}</span>
        ) : (
          <label htmlFor={id}>{label}</label>
        )}
        {label !== prop.name && <code className="muted">{prop.name}</code>}
        {isRequired(prop) ? <span className="prop-required" title="Required">required</span> : prop.optional ? <span className="muted prop-optional">optional</span> : null}
        {canExpr && (
          <button
            type="button"
            className="icon-button"
            aria-pressed={field.expr !== null}
            aria-label={`Use an expression for ${label}`}
            title="Use a {{steps.…}} expression"
            onClick={() => onChange({ ...field, expr: field.expr === null ? '' : null })}
          >
            {'{{ }}'}
          </button>
        )}
      </div>
      {field.expr !== null ? (
        <input id={id} className="mono" value={field.expr} placeholder="{{steps.trigger.event.body}}" onChange={(e) => onChange({ ...field, expr: e.target.value })} />
      ) : (
        <Input {...p} />
      )}
      {prop.description && <span className="hint">{prop.description}</span>}
      {note && <span className="progress">{note}</span>}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function Input({ prop, field, onChange, id, componentId, configured, current }: PropFieldProps) {
  const set = (raw: unknown) => onChange({ ...field, raw });
  const label = prop.label ?? prop.name;
  switch (fieldKind(prop)) {
    case 'text':
      if (prop.secret) {
        return (
          <>
            <input id={id} type="password" autoComplete="off" value={String(field.raw ?? '')} onChange={(e) => set(e.target.value)} onFocus={(e) => e.target.value === SECRET_MASK && e.target.select()} />
            {field.raw === SECRET_MASK && <span className="hint">Stored encrypted; leave it to keep the value, or type a new one.</span>}
          </>
        );
      }
      return <input id={id} value={String(field.raw ?? '')} onChange={(e) => set(e.target.value)} />;
    case 'integer':
      return <input id={id} type="number" inputMode="numeric" min={prop.min} max={prop.max} step={1} value={String(field.raw ?? '')} onChange={(e) => set(e.target.value)} />;
    case 'boolean':
      return (
        <label className="row">
          <input id={id} type="checkbox" checked={field.raw === true} onChange={(e) => set(e.target.checked)} /> {label}
        </label>
      );
    case 'json':
      return <textarea id={id} className="mono" rows={4} spellCheck={false} value={String(field.raw ?? '')} placeholder={prop.type === 'object' ? '{ "key": "value" }' : 'JSON: "text", 42, [1, 2], { … }'} onChange={(e) => set(e.target.value)} />;
    case 'select':
      if (prop.remoteOptions) return <RemoteOptionsInput id={id} prop={prop} componentId={componentId} configured={configured} selected={[String(field.raw ?? '')]} multiple={false} onSelect={(keys) => set(keys[0] ?? '')} />;
      return (
        <select id={id} value={String(field.raw ?? '')} onChange={(e) => set(e.target.value)}>
          <option value="">— choose —</option>
          {normalizeOptions(prop.options).map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'multi':
      if (prop.remoteOptions) return <RemoteOptionsInput id={id} prop={prop} componentId={componentId} configured={configured} selected={field.raw as string[]} multiple onSelect={set} />;
      return <Checkboxes id={id} options={normalizeOptions(prop.options)} selected={field.raw as string[]} onSelect={set} />;
    case 'list':
      return <ListEditor id={id} label={label} items={field.raw as string[]} onChange={set} />;
    case 'app':
      return <AppInput id={id} prop={prop} value={String(field.raw ?? '')} onChange={set} />;
    case 'timer':
      return <TimerInput id={id} value={field.raw as TimerDraft} onChange={set} />;
    case 'data_store':
      return <DataStoreInput id={id} value={String(field.raw ?? '')} onChange={set} />;
    case 'request':
      return <HttpRequestInput id={id} label={label} value={field.raw as RequestDraft} onChange={set} />;
    case 'http': {
      const url = current && typeof current === 'object' && 'endpoint_url' in current ? String((current as { endpoint_url: unknown }).endpoint_url) : null;
      return url ? (
        <span className="row">
          <code id={id}>{url}</code> <CopyButton text={url} label="Copy endpoint URL" />
        </span>
      ) : (
        <span id={id} className="muted">
          No input: an endpoint URL is created on deploy.
        </span>
      );
    }
    default:
      return null;
  }
}

function ListEditor({ id, label, items, onChange }: { id: string; label: string; items: string[]; onChange(items: string[]): void }) {
  const shown = items.length ? items : [''];
  return (
    <div className="prop-list" id={id} role="group" aria-label={label}>
      {shown.map((v, i) => (
        <div className="row" key={i}>
          <input aria-label={`${label} item ${i + 1}`} value={v} onChange={(e) => onChange(shown.map((x, j) => (j === i ? e.target.value : x)))} />
          <button type="button" className="icon-button" aria-label={`Remove ${label} item ${i + 1}`} onClick={() => onChange(shown.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => onChange([...shown, ''])}>
          Add item
        </button>
      </div>
    </div>
  );
}

function AppInput({ id, prop, value, onChange }: { id: string; prop: ConfigurableProp; value: string; onChange(v: string): void }) {
  const accounts = useStore((s) => s.accounts).filter((a) => a.app === prop.app);
  // No list of apps that need credentials: without an account the prop deploys with an empty
  // $auth, and only a run that reads a credential fails (saying how to connect one).
  if (accounts.length === 0) {
    return (
      <span id={id} className="prop-note">
        No <code>{prop.app}</code> account is connected: it runs without one if it needs no credentials. <a href="#/accounts">Connect one in Accounts</a> if it does.
      </span>
    );
  }
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">— no account —</option>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name} ({a.id})
        </option>
      ))}
    </select>
  );
}

function TimerInput({ id, value, onChange }: { id: string; value: TimerDraft; onChange(v: TimerDraft): void }) {
  const set = (patch: Partial<TimerDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="prop-timer">
      <div className="row" role="radiogroup" aria-label="Schedule kind">
        <label className="row">
          <input type="radio" checked={value.mode === 'interval'} onChange={() => set({ mode: 'interval' })} /> Every N seconds
        </label>
        <label className="row">
          <input type="radio" checked={value.mode === 'cron'} onChange={() => set({ mode: 'cron' })} /> Cron
        </label>
      </div>
      {value.mode === 'interval' ? (
        <input id={id} type="number" min={1} step={1} aria-label="Interval in seconds" value={value.seconds} placeholder="seconds" onChange={(e) => set({ seconds: e.target.value })} />
      ) : (
        <div className="row">
          <input id={id} className="mono" aria-label="Cron expression" value={value.cron} placeholder="*/5 * * * *" onChange={(e) => set({ cron: e.target.value })} />
          <input aria-label="Timezone" value={value.timezone} placeholder="timezone (UTC)" onChange={(e) => set({ timezone: e.target.value })} />
        </div>
      )}
    </div>
  );
}
