import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { Subscription } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { duration } from '../../ui/format';
import { GLOBS, channelLabel, deliveriesOf, ERRORS_CHANNEL, nodeName } from './wiring-graph';

const NO_RUNS: never[] = [];

/** One subscription: what it connects, its recent deliveries (live), and Delete. */
export function EdgeDetail({ sub }: { sub: Subscription }) {
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const runs = useStore((s) => s.runs[sub.listener_id] ?? NO_RUNS);
  const errors = useStore((s) => s.wiringErrors);
  const load = useStore((s) => s.loadListenerRuns);
  const unsubscribe = useStore((s) => s.unsubscribe);
  const [, navigate] = useLocation();
  useEffect(() => {
    void load(sub.listener_id);
  }, [load, sub.listener_id]);
  const deliveries = useMemo(() => deliveriesOf(sub, runs).slice(0, 25), [sub, runs]);
  const from = nodeName(sub.emitter_id, sources, workflows);
  const to = nodeName(sub.listener_id, sources, workflows);
  const channel = channelLabel(sub.event_name);
  // Only a glob's deliveries come from several emitters.
  const glob = !!GLOBS[sub.emitter_id];
  const emitterHref = sub.emitter_id.startsWith('dc_') && !GLOBS[sub.emitter_id] ? `~/sources/${sub.emitter_id}` : !GLOBS[sub.emitter_id] ? `~/workflows/${sub.emitter_id}` : null;

  return (
    <section className="edge-detail" aria-label="Selected subscription">
      <header className="row">
        <h2>
          {from} → {to}
        </h2>
        <Link href="/" className="muted" aria-label="Close">
          ×
        </Link>
      </header>
      <dl className="facts">
        <dt>Emitter</dt>
        <dd>{emitterHref ? <Link href={emitterHref}>{from}</Link> : from} {!GLOBS[sub.emitter_id] && <ShortId id={sub.emitter_id} copy />}</dd>
        <dt>Channel</dt>
        <dd>
          <span className={`badge ${sub.event_name === ERRORS_CHANNEL ? 'badge-bad' : 'badge-muted'}`}>{channel}</span>
        </dd>
        <dt>Listener</dt>
        <dd>
          <Link href={`~/workflows/${sub.listener_id}`}>{to}</Link> <ShortId id={sub.listener_id} copy />
        </dd>
        <dt>Subscription</dt>
        <dd>
          <ShortId id={sub.id} copy />
        </dd>
      </dl>
      <div className="row">
        <ConfirmButton
          label="Delete subscription"
          question={`Delete it? ${from} events on ${channel} will no longer run ${to}.`}
          onConfirm={async () => {
            if (await unsubscribe(sub)) navigate('/');
          }}
        />
      </div>
      <ErrorNote error={errors.delete} />
      <h3>Recent deliveries</h3>
      <ErrorNote error={errors.deliveries} />
      {deliveries.length === 0 ? (
        <p className="muted">
          No deliveries yet. The next event {from} stores on {channel} runs {to}, and shows up here.
        </p>
      ) : (
        <table className="rows" aria-label="Deliveries">
          <thead>
            <tr>
              <th>Started</th>
              <th>Run</th>
              {glob && <th>From</th>}
              <th>Status</th>
              <th>Duration</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((r) => (
              <tr key={r.id}>
                <td>
                  <RelativeTime ms={r.started_at} />
                </td>
                <td>
                  <Link href={`~/workflows/${r.workflow_id}/runs/${r.id}`}>
                    <ShortId id={r.id} />
                  </Link>
                </td>
                {glob && (
                  <td>
                    <ShortId id={String(r.trigger.context.emitter_id)} />
                  </td>
                )}
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td>{duration(r.duration_ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
