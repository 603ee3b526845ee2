import { useState } from 'react';
import { useStore } from '../../store/index';
import type { Draft, BuilderErrors } from './builder-model';
import type { ThrottleUnit } from '../../../../shared/api';

const UNITS: ThrottleUnit[] = ['second', 'minute', 'hour'];

/** The builder's settings panel: timeout, memory, and the execution controls of the workflow's queue. */
export function SettingsPanel({ draft, errors }: { draft: Draft; errors: BuilderErrors }) {
  const { wfSetTimeout, wfSetSettings } = useStore.getState();
  const s = draft.settings;
  const e = errors.settings ?? {};
  const http = draft.trigger.type === 'http';
  const field = (name: string) => `field${e[name] ? ' invalid' : ''}`;
  const invalid = !!(errors.timeout || errors.settings);
  // Opened by the user, or by a problem in it (and it stays open once that is fixed).
  const [open, setOpen] = useState(false);
  return (
    <details className={`wf-settings${invalid ? ' invalid' : ''}`} open={open || invalid} onToggle={(ev) => setOpen((ev.target as HTMLDetailsElement).open)}>
      <summary>Settings</summary>
      <div className="row wf-settings-fields">
        <div className={`field${errors.timeout ? ' invalid' : ''}`}>
          <label htmlFor="wf-timeout">Timeout (seconds)</label>
          <input id="wf-timeout" className="mono wf-narrow" inputMode="numeric" placeholder={draft.trigger.type === 'timer' ? '60' : '30'} value={draft.timeoutSeconds} onChange={(ev) => wfSetTimeout(ev.target.value)} />
          <span className="hint">1–750, as hosted</span>
          {errors.timeout && <span className="field-error">{errors.timeout}</span>}
        </div>
        <div className={field('memory_mb')}>
          <label htmlFor="wf-memory">Memory (MB)</label>
          <input id="wf-memory" className="mono wf-narrow" inputMode="numeric" placeholder="256" value={s.memoryMb} onChange={(ev) => wfSetSettings({ memoryMb: ev.target.value })} />
          <span className="hint">256–10,240; runs here are held to the service's memory cap</span>
          {e.memory_mb && <span className="field-error">{e.memory_mb}</span>}
        </div>
        <div className={field('concurrency')}>
          <label htmlFor="wf-concurrency">Workers</label>
          <input id="wf-concurrency" className="mono wf-narrow" placeholder={http ? 'unlimited' : '1'} value={s.concurrency} onChange={(ev) => wfSetSettings({ concurrency: ev.target.value })} />
          <span className="hint">Runs at once; 1 keeps events in order; "unlimited" is as many as there are runners</span>
          {e.concurrency && <span className="field-error">{e.concurrency}</span>}
        </div>
        <div className={field('queue_size')}>
          <label htmlFor="wf-queue-size">Queue size</label>
          <input id="wf-queue-size" className="mono wf-narrow" inputMode="numeric" placeholder="100" value={s.queueSize} onChange={(ev) => wfSetSettings({ queueSize: ev.target.value })} />
          <span className="hint">Events that may wait; more are refused (429, Event Queue Full on $errors)</span>
          {e.queue_size && <span className="field-error">{e.queue_size}</span>}
        </div>
      </div>
      <div className={`row wf-throttle${e.throttle ? ' invalid' : ''}`} role="group" aria-label="Throttle">
        <label>
          <input type="checkbox" checked={s.throttleOn} onChange={(ev) => wfSetSettings({ throttleOn: ev.target.checked })} /> Throttle: at most
        </label>
        <input aria-label="Throttle limit" className="mono wf-narrow" inputMode="numeric" disabled={!s.throttleOn} value={s.throttleLimit} onChange={(ev) => wfSetSettings({ throttleLimit: ev.target.value })} />
        <span>events every</span>
        <input aria-label="Throttle interval" className="mono wf-narrow" inputMode="numeric" disabled={!s.throttleOn} value={s.throttleInterval} onChange={(ev) => wfSetSettings({ throttleInterval: ev.target.value })} />
        <select aria-label="Throttle unit" disabled={!s.throttleOn} value={s.throttleUnit} onChange={(ev) => wfSetSettings({ throttleUnit: ev.target.value as ThrottleUnit })}>
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
              {s.throttleInterval === '1' ? '' : 's'}
            </option>
          ))}
        </select>
        <span className="hint">0 pauses the queue: events wait, nothing runs</span>
        {e.throttle && <span className="field-error">{e.throttle}</span>}
      </div>
      <div className="row wf-throttle" role="group" aria-label="Auto-retry">
        <label>
          <input type="checkbox" checked={s.autoRetry} onChange={(ev) => wfSetSettings({ autoRetry: ev.target.checked })} /> Auto-retry errors
        </label>
        <label>
          <input type="checkbox" disabled={!s.autoRetry} checked={s.autoRetry && s.notifyFirstError} onChange={(ev) => wfSetSettings({ notifyFirstError: ev.target.checked })} /> Also record the
          first error on $errors
        </label>
        <span className="hint">A failed step runs again up to 8 times over about 10 hours (not after a timeout); the clock moves retries</span>
      </div>
    </details>
  );
}
