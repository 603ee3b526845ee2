import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { SseEmitFrame } from '../../../../shared/resources';
import type { TriggerInputView } from '../../../../shared/trigger-schemas';
import { client, messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { duration } from '../../ui/format';
import { parsePayload } from '../../ui/json-text';
import { emitterKind } from './event-logic';
import type { RerunState } from './events-slice';

const pretty = (v: unknown) => JSON.stringify(v, null, 2) ?? 'null';

/** The input that produced a source's event (the request, the timer event), or why it is not there. */
function useOriginalInput(sourceId: string | null, eventId: string): { input?: TriggerInputView; missing?: string } {
  const [state, setState] = useState<{ input?: TriggerInputView; missing?: string }>({});
  useEffect(() => {
    setState({});
    if (!sourceId) return;
    let here = true;
    client.data('sourceEventInput', { id: sourceId, event_id: eventId }).then(
      (input) => here && setState({ input }),
      (err) => here && setState({ missing: messageOf(err) }),
    );
    return () => {
      here = false;
    };
  }, [sourceId, eventId]);
  return state;
}

/**
 * Re-runs an event. Into its own source it runs the ORIGINAL input (the HTTP request as first
 * received, editable); into a workflow it sends the emitted payload, which is what a subscribed
 * workflow receives.
 */
export function EventRerun({ emitterId, frame }: { emitterId: string; frame: SseEmitFrame }) {
  const kind = emitterKind(emitterId);
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const rerunEvent = useStore((s) => s.rerunEvent);
  const rerunKey = `${emitterId}/${frame.id}`;
  const rerun = useStore((s) => (s.rerun?.key === rerunKey ? s.rerun : null));
  const [target, setTarget] = useState(kind === 'source' ? emitterId : (workflows.find((w) => w.id === emitterId)?.id ?? workflows[0]?.id ?? ''));
  const [payload, setPayload] = useState(() => pretty(frame.e));
  const [inputText, setInputText] = useState<string | null>(null);
  const source = kind === 'source' ? sources.find((s) => s.id === emitterId) : undefined;
  const intoOwnSource = kind === 'source' && target === emitterId;
  const original = useOriginalInput(kind === 'source' && frame.metadata.trigger_id ? emitterId : null, frame.id);
  const useInput = intoOwnSource && original.input !== undefined;
  const text = useInput ? (inputText ?? pretty(original.input!.event)) : payload;
  const setText = useInput ? setInputText : setPayload;
  const parsed = parsePayload(text);
  const label = useInput ? (original.input!.kind === 'http' ? 'Original request (JSON)' : 'Original input (JSON)') : 'Payload (JSON)';
  const waiting = intoOwnSource && !!frame.metadata.trigger_id && !original.input && !original.missing;

  return (
    <section className="event-rerun" aria-label="Re-run">
      <h3>Re-run</h3>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed.ok || !target) return;
          // The original as kept is re-run by the service itself; an edited one is sent along.
          if (useInput) void rerunEvent(rerunKey, { kind: 'source', id: target }, inputText === null ? undefined : parsed.value, frame.id);
          else void rerunEvent(rerunKey, { kind: emitterKind(target), id: target }, parsed.value);
        }}
      >
        <div className="field">
          <label htmlFor="rerun-target">Re-run into</label>
          <select id="rerun-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            {kind === 'source' && <option value={emitterId}>Its source: {source?.name ?? emitterId}</option>}
            {workflows.map((w) => (
              <option key={w.id} value={w.id}>
                Workflow: {w.name}
              </option>
            ))}
          </select>
        </div>
        {intoOwnSource && (
          <p className="muted">
            {useInput
              ? `Runs the ${original.input!.kind === 'http' ? 'request' : `${original.input!.kind} event`} that produced this event again, as it was first received (edit it to change it).`
              : waiting
                ? 'Reading the input that produced this event…'
                : `${original.missing ?? 'The input that produced this event is not kept.'} The payload is sent as the event instead.`}
          </p>
        )}
        <div className={`field${parsed.ok ? '' : ' invalid'}`}>
          <label htmlFor="rerun-payload">{label}</label>
          <textarea
            id="rerun-payload"
            className="mono rerun-payload"
            spellCheck={false}
            rows={Math.min(16, Math.max(4, text.split('\n').length))}
            value={text}
            aria-invalid={!parsed.ok}
            aria-describedby={parsed.ok ? undefined : 'rerun-payload-error'}
            onChange={(e) => setText(e.target.value)}
          />
          {!parsed.ok && (
            <span id="rerun-payload-error" className="field-error" role="alert">
              {parsed.error}
            </span>
          )}
        </div>
        <div className="row">
          <button type="submit" className="primary" disabled={!parsed.ok || !target || waiting || rerun?.busy}>
            {rerun?.busy ? 'Running…' : 'Re-run'}
          </button>
          <button type="button" onClick={() => (useInput ? setInputText(null) : setPayload(pretty(frame.e)))}>
            {useInput ? 'Reset request' : 'Reset payload'}
          </button>
        </div>
      </form>
      {rerun && <RerunResult rerun={rerun} />}
    </section>
  );
}

function RerunResult({ rerun }: { rerun: RerunState }) {
  if (rerun.busy) return <p className="progress">Running…</p>;
  if (rerun.error) return <ErrorNote error={rerun.error} />;
  const o = rerun.outcome;
  if (!o) return null;
  if (o.kind === 'source') {
    const r = o.result;
    return (
      <div className="rerun-result" role="status" aria-label="Re-run result">
        <StatusBadge status={r.ok ? 'success' : 'error'} /> {r.ok ? 'Ran' : 'Failed'} in {duration(r.duration_ms)}: emitted {r.emitted.length}{' '}
        {r.emitted.length === 1 ? 'event' : 'events'}
        {r.deduped > 0 && `, ${r.deduped} deduplicated`}.
        {r.error && <ErrorNote error={`${r.error.name}: ${r.error.message}`} />}
      </div>
    );
  }
  const run = o.run;
  const failed = run.steps.find((s) => s.error);
  return (
    <div className="rerun-result" role="status" aria-label="Re-run result">
      <StatusBadge status={run.status} /> Workflow run <Link href={`~/workflows/${o.targetId}/runs/${run.id}`}>{run.id}</Link> in {duration(run.duration_ms)}
      {run.exit_reason && <span className="muted"> — exited: {run.exit_reason}</span>}
      {failed?.error && <ErrorNote error={`Step ${failed.name}: ${failed.error.message}`} />}
    </div>
  );
}
