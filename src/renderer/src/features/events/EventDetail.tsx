import { useState } from 'react';
import { Link } from 'wouter';
import type { SseEmitFrame } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { CopyButton } from '../../ui/CopyButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { JsonTree } from '../../ui/JsonTree';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { absoluteTime, duration } from '../../ui/format';
import { channelLabel, emitterKind, parsePayload } from './event-logic';
import type { RerunState } from './events-slice';
import { downloadFixture } from './fixture-download';

/** One event: its payload as a tree, its metadata, re-run (with an editable payload) and save as fixture. */
export function EventDetail({ emitterId, frame }: { emitterId: string; frame: SseEmitFrame }) {
  const m = frame.metadata;
  return (
    <article className="event-detail" aria-label={`Event ${frame.id}`}>
      <header className="row">
        <h2>{frame.sum ?? 'Event'}</h2>
        <span className={`channel-tag${frame.name === '$errors' ? ' errors' : ''}`}>{channelLabel(frame.name)}</span>
        <span className="row event-detail-tools">
          <CopyButton text={frame.id} label="Copy event id" />
          <button type="button" onClick={() => downloadFixture(emitterId, frame)}>
            Save as fixture
          </button>
        </span>
      </header>
      <h3>Payload</h3>
      <section aria-label="Payload" className="event-payload">
        <JsonTree value={frame.e} depth={3} />
      </section>
      <h3>Metadata</h3>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <code>{frame.id}</code>
        </dd>
        <dt>Stored</dt>
        <dd title={String(frame.ts)}>{absoluteTime(frame.ts)}</dd>
        <dt>Channel</dt>
        <dd>{channelLabel(frame.name)}</dd>
        <dt>Emitter</dt>
        <dd>
          <ShortId id={m.emitter_id} copy />
        </dd>
        <dt>Emit id</dt>
        <dd>
          <code>{m.emit_id}</code>
        </dd>
        {m.summary !== undefined && (
          <>
            <dt>Summary</dt>
            <dd>{m.summary}</dd>
          </>
        )}
        {m.ts !== undefined && (
          <>
            <dt>Event ts</dt>
            <dd>{m.ts}</dd>
          </>
        )}
        <dt>Hops</dt>
        <dd>{m.hops ?? 0}</dd>
      </dl>
      <Rerun emitterId={emitterId} frame={frame} />
    </article>
  );
}

function Rerun({ emitterId, frame }: { emitterId: string; frame: SseEmitFrame }) {
  const kind = emitterKind(emitterId);
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const rerunEvent = useStore((s) => s.rerunEvent);
  const rerunKey = `${emitterId}/${frame.id}`;
  const rerun = useStore((s) => (s.rerun?.key === rerunKey ? s.rerun : null));
  const [target, setTarget] = useState(kind === 'source' ? emitterId : (workflows.find((w) => w.id === emitterId)?.id ?? workflows[0]?.id ?? ''));
  const [payload, setPayload] = useState(() => JSON.stringify(frame.e, null, 2) ?? 'null');
  const parsed = parsePayload(payload);
  const source = kind === 'source' ? sources.find((s) => s.id === emitterId) : undefined;

  return (
    <section className="event-rerun" aria-label="Re-run">
      <h3>Re-run</h3>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed.ok || !target) return;
          void rerunEvent(rerunKey, { kind: emitterKind(target), id: target }, parsed.value);
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
        <div className={`field${parsed.ok ? '' : ' invalid'}`}>
          <label htmlFor="rerun-payload">Payload (JSON)</label>
          <textarea
            id="rerun-payload"
            className="mono rerun-payload"
            spellCheck={false}
            rows={Math.min(16, Math.max(4, payload.split('\n').length))}
            value={payload}
            aria-invalid={!parsed.ok}
            aria-describedby={parsed.ok ? undefined : 'rerun-payload-error'}
            onChange={(e) => setPayload(e.target.value)}
          />
          {!parsed.ok && (
            <span id="rerun-payload-error" className="field-error" role="alert">
              {parsed.error}
            </span>
          )}
        </div>
        <div className="row">
          <button type="submit" className="primary" disabled={!parsed.ok || !target || rerun?.busy}>
            {rerun?.busy ? 'Running…' : 'Re-run'}
          </button>
          <button type="button" onClick={() => setPayload(JSON.stringify(frame.e, null, 2) ?? 'null')}>
            Reset payload
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
