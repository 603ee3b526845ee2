import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { SETTING_FIELDS } from './settings-slice';

const FIELDS: Record<keyof Settings, { label: string; hint: string; unit?: string }> = {
  event_retention: { label: 'Event retention', hint: 'Events kept per source channel (1–10,000); older ones are dropped.', unit: 'events' },
  default_timeout_seconds: { label: 'Default timeout', hint: 'How long a source run may take when its source sets no timeout (1–3,600).', unit: 's' },
  memory_cap_mb: { label: 'Memory cap', hint: 'Heap limit of each sandbox runner (32–8,192); applies to runners started after the change.', unit: 'MB' },
  source_queue_length: { label: 'Source queue length', hint: 'Waiting invocations per source before webhooks answer 429 (1–100,000).', unit: 'invocations' },
};

const asForm = (s: Settings) => Object.fromEntries(SETTING_FIELDS.map((k) => [k, String(s[k])])) as Record<keyof Settings, string>;

/** GET/PUT /v1/settings; a 400 is shown at the field it names. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const save = useStore((s) => s.saveSettings);
  const result = useStore((s) => s.settingsSave);
  const [form, setForm] = useState(() => asForm(settings));
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    await save(form);
    setBusy(false);
  };
  return (
    <form className="form settings-form" aria-label="Settings" onSubmit={submit} noValidate>
      {SETTING_FIELDS.map((k) => {
        const f = FIELDS[k];
        const invalid = result.field === k && result.error;
        return (
          <div key={k} className={`field${invalid ? ' invalid' : ''}`}>
            <label htmlFor={`set-${k}`}>{f.label}</label>
            <div className="row">
              <input
                id={`set-${k}`}
                className="mono"
                inputMode="numeric"
                value={form[k]}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? `set-${k}-error` : `set-${k}-hint`}
                onChange={(e) => setForm({ ...form, [k]: e.target.value })}
              />
              <span className="muted">{f.unit}</span>
            </div>
            {invalid ? (
              <span id={`set-${k}-error`} className="field-error" role="alert">
                {result.error?.replace(/^\w+: /, '')}
              </span>
            ) : (
              <span id={`set-${k}-hint`} className="hint">
                {f.hint}
              </span>
            )}
          </div>
        );
      })}
      {result.error && !result.field && <ErrorNote error={result.error} />}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Save settings
        </button>
        <button type="button" onClick={() => setForm(asForm(settings))}>
          Reset
        </button>
        {result.savedAt && !result.error && <span role="status">Saved</span>}
      </div>
    </form>
  );
}
