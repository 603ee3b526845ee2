import { useStore } from '../../store/index';
import { CopyButton } from '../../ui/CopyButton';
import type { DraftTrigger, TriggerType } from './builder-model';

const TYPES: { value: TriggerType; label: string }[] = [
  { value: 'manual', label: 'Manual (Run now, or POST /v1/workflows/{id}/run)' },
  { value: 'http', label: 'HTTP request (its own endpoint URL)' },
  { value: 'email', label: 'E-mail (POST a raw RFC 822 message to its URL)' },
  { value: 'timer', label: 'Timer (interval or cron)' },
  { value: 'source', label: "A source's events" },
];

/** The trigger part of the builder: its type and that type's settings. */
export function TriggerFields({ trigger, error }: { trigger: DraftTrigger; error?: string }) {
  const setTrigger = useStore((s) => s.wfSetTrigger);
  const sources = useStore((s) => s.sources);
  return (
    <fieldset className={`wf-trigger${error ? ' invalid' : ''}`}>
      <legend>Trigger</legend>
      <div className="field">
        <label htmlFor="wf-trigger-type">Trigger type</label>
        <select id="wf-trigger-type" value={trigger.type} onChange={(e) => setTrigger({ type: e.target.value as TriggerType })}>
          {TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {(trigger.type === 'http' || trigger.type === 'email') && (
        <p className="hint">
          {trigger.endpointUrl ? (
            <>
              Endpoint <code>{trigger.endpointUrl}</code> <CopyButton text={trigger.endpointUrl} label="Copy endpoint URL" />
            </>
          ) : (
            'The endpoint URL is shown once the workflow is saved.'
          )}
        </p>
      )}
      {trigger.type === 'timer' && (
        <div className="row wf-timer" role="group" aria-label="Timer">
          <label>
            <input type="radio" name="wf-timer-mode" checked={trigger.timerMode === 'interval'} onChange={() => setTrigger({ timerMode: 'interval' })} /> Every
          </label>
          <input
            aria-label="Interval in seconds"
            className="mono wf-narrow"
            inputMode="numeric"
            value={trigger.intervalSeconds}
            disabled={trigger.timerMode !== 'interval'}
            onChange={(e) => setTrigger({ intervalSeconds: e.target.value })}
          />
          <span>seconds</span>
          <label>
            <input type="radio" name="wf-timer-mode" checked={trigger.timerMode === 'cron'} onChange={() => setTrigger({ timerMode: 'cron' })} /> Cron
          </label>
          <input aria-label="Cron expression" className="mono" placeholder="0 9 * * 1-5" value={trigger.cron} disabled={trigger.timerMode !== 'cron'} onChange={(e) => setTrigger({ cron: e.target.value })} />
          <input aria-label="Time zone" placeholder="UTC" value={trigger.timezone} disabled={trigger.timerMode !== 'cron'} onChange={(e) => setTrigger({ timezone: e.target.value })} />
        </div>
      )}
      {trigger.type === 'source' && (
        <div className="field">
          <label htmlFor="wf-trigger-source">Source</label>
          <select id="wf-trigger-source" value={trigger.sourceId} onChange={(e) => setTrigger({ sourceId: e.target.value })}>
            <option value="">{sources.length ? 'Pick a source…' : 'No sources yet: deploy one in Sources'}</option>
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.id})
              </option>
            ))}
          </select>
          <span className="hint">Each event on the source's default channel runs the workflow once.</span>
        </div>
      )}
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  );
}
