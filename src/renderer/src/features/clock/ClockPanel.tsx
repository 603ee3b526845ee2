import { useCallback, useEffect, useState } from 'react';
import type { ClockAdvance, ClockNext } from '../../../../shared/clock-api';
import { DurationError, formatDuration, parseDuration } from '../../../../shared/duration';
import { client, messageOf } from '../../api/client';
import { ErrorNote } from '../../ui/ErrorNote';
import './clock.css';

type Owner = 'sources' | 'workflows';

/** The clock operations of each kind of owner. */
const OPS = {
  sources: { next: 'sourceClockNext', fire: 'fireSourceTimer', advance: 'advanceSourceClock' },
  workflows: { next: 'workflowClockNext', fire: 'fireWorkflowTimer', advance: 'advanceWorkflowClock' },
} as const;

/**
 * The virtual clock of a timer-driven source or workflow: its next fire times, "Fire now", and
 * "Advance" by a duration, which runs every firing due in that span in order, each with the
 * timestamp it would have had. A workflow's paused runs (delays, reruns, suspend timeouts) go on
 * when the clock passes their time; without a timer (`timer` false) only Advance is offered.
 */
export function ClockPanel({ owner, id, active, timer = true }: { owner: Owner; id: string; active: boolean; timer?: boolean }) {
  const ops = OPS[owner];
  const [next, setNext] = useState<ClockNext | null>(null);
  const [span, setSpan] = useState('1h');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [advance, setAdvance] = useState<ClockAdvance | null>(null);

  const load = useCallback(async () => {
    try {
      setNext(await client.data(ops.next, { id, query: { n: 5 } }));
    } catch (err) {
      setNext(null);
      // Without a timer there is nothing to list once no run is paused.
      if (timer) setError(messageOf(err));
    }
  }, [ops, id, timer]);

  useEffect(() => {
    setError(null);
    setResult(null);
    setAdvance(null);
    if (active) void load();
  }, [active, load]);

  const act = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await work();
      await load();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const fire = () =>
    act('Firing', async () => {
      const r: { due_at: string; ok?: boolean; status?: string } = await client.data(ops.fire, { id });
      setAdvance(null);
      setResult(`Fired once with the time ${r.due_at}${r.ok === false || r.status === 'error' ? ' — it failed, see the logs' : ''}.`);
    });

  const forward = () => {
    let seconds: number;
    try {
      seconds = parseDuration(span);
    } catch (err) {
      setError(err instanceof DurationError ? err.message : messageOf(err));
      return;
    }
    void act('Advancing', async () => {
      const a = await client.data(ops.advance, { id, body: { seconds } });
      setAdvance(a);
      const resumed = a.resumed ? `, ${a.resumed} paused run${a.resumed === 1 ? '' : 's'} went on` : '';
      setResult(`Advanced ${formatDuration(seconds)}: ${a.fired} firing${a.fired === 1 ? '' : 's'} ran${resumed}.`);
    });
  };

  if (!active) {
    return (
      <section className="clock-panel" aria-label="Clock">
        <h3>Clock</h3>
        <p className="muted">Activate it to fire its timer or move its clock forward.</p>
      </section>
    );
  }
  return (
    <section className="clock-panel" aria-label="Clock">
      <h3>Clock</h3>
      <div className="row">
        {timer && (
          <button type="button" disabled={!!busy} onClick={() => void fire()}>
            Fire now
          </button>
        )}
        <label className="row">
          Advance by
          <input aria-label="Advance by" className="narrow" value={span} onChange={(e) => setSpan(e.target.value)} placeholder="15m, 2h, 1d" onKeyDown={(e) => e.key === 'Enter' && forward()} />
        </label>
        <button type="button" disabled={!!busy} onClick={forward}>
          Advance
        </button>
        {busy && <span className="progress">{busy}…</span>}
      </div>
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      {result && (
        <p role="status" className="clock-result">
          {result}
        </p>
      )}
      {advance && advance.runs.length > 0 && (
        <ol className="clock-firings" aria-label="Firings">
          {advance.runs.map((r) => (
            <li key={`${r.due_at}-${r.run_id ?? ''}-${r.resumed ?? ''}`} className="mono">
              {r.due_at} {r.resumed ? `${r.resumed} of run ${r.run_id}: ${r.status} ` : ''}
              {r.ok ? '✓' : `✗ ${r.error?.name ?? 'Error'}: ${r.error?.message ?? ''}`}
            </li>
          ))}
        </ol>
      )}
      {next && (
        <>
          <p className="muted">
            {timer ? 'Next firings' : 'Paused runs due'}{next.offset_seconds > 0 ? ` (its clock is ${formatDuration(next.offset_seconds)} ahead)` : ''}:
          </p>
          <ul className="clock-next" aria-label="Next firings">
            {next.times.map((t) => (
              <li key={t} className="mono">
                {t}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
