import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { LastErrorNote } from '../../ui/ErrorCount';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { LogTerminal } from '../logs/LogTerminal';
import { EditProps } from './EditProps';
import { RunResultView } from './RunResultView';
import { SourceRunNow } from './SourceRunNow';
import { ClockPanel } from '../clock/ClockPanel';
import { endpointOf, hasTimer, showValue } from './source-model';

const NO_LOGS: never[] = [];

/** One source: facts, endpoint, props, actions (run, activate, edit, delete), latest events, logs. */
export function SourceDetail({ id }: { id: string }) {
  const source = useStore((s) => s.sources.find((x) => x.id === id));
  const loaded = useStore((s) => s.loaded.sources);
  const op = useStore((s) => s.sourceOps[id]);
  const logs = useStore((s) => s.sourceLogs[id]?.value);
  const stores = useStore((s) => s.dataStores);
  const { updateSource, deleteSource, loadSourceEvents, loadSourceLogs, clearSourceError } = useStore.getState();
  const [editing, setEditing] = useState(false);
  const [, navigate] = useLocation();

  useEffect(() => {
    setEditing(false);
    void loadSourceEvents(id, true);
    void loadSourceLogs(id);
  }, [id, loadSourceEvents, loadSourceLogs]);

  if (!source) {
    return loaded ? (
      <EmptyState title={`No source ${id}`}>
        It may have been deleted. <Link href="/">Back to the list</Link>
      </EmptyState>
    ) : (
      <p className="progress">Loading…</p>
    );
  }
  const endpoint = endpointOf(source);
  const busy = op?.busy ?? null;
  const props = Object.entries(source.configured_props);
  return (
    <article className="source-detail" aria-label={`Source ${source.name}`}>
      <header className="row detail-header">
        <h2>{source.name}</h2>
        <StatusBadge status={source.active ? 'active' : 'inactive'} />
        {busy && <span className="progress">{busy}…</span>}
      </header>
      <div className="row detail-actions">
        <button type="button" disabled={!!busy} onClick={() => void updateSource(id, { active: !source.active }, source.active ? 'Deactivating' : 'Activating')}>
          {source.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" disabled={!!busy} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit props
        </button>
        <ConfirmButton
          label="Delete"
          question={`Delete "${source.name}"? Its events, logs${endpoint ? ', endpoint' : ''} and stored state are lost.`}
          disabled={!!busy}
          onConfirm={async () => {
            if (await deleteSource(id)) navigate('/');
          }}
        />
      </div>
      <SourceRunNow source={source} disabled={!!busy} />
      <ErrorNote error={op?.error} onDismiss={() => clearSourceError(id)} />
      <LastErrorNote errors={source.errors} />
      {op?.run && <RunResultView run={op.run} />}
      {editing && <EditProps source={source} onDone={() => setEditing(false)} />}

      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <ShortId id={source.id} copy />
        </dd>
        <dt>Component</dt>
        <dd>
          <code>{source.component_key ?? '—'}</code> <ShortId id={source.component_id} />
        </dd>
        {endpoint && (
          <>
            <dt>Endpoint</dt>
            <dd className="row">
              <code>{endpoint}</code> <CopyButton text={endpoint} label="Copy endpoint URL" />
            </dd>
          </>
        )}
        <dt>Timeout</dt>
        <dd>{source.timeout_seconds} s</dd>
        <dt>Last event</dt>
        <dd>
          <RelativeTime ms={source.last_event_at} />
        </dd>
        <dt>Created</dt>
        <dd>
          <RelativeTime ms={source.created_at * 1000} />
        </dd>
      </dl>

      {hasTimer(source) && <ClockPanel owner="sources" id={id} active={source.active} />}

      <h3>Configured props</h3>
      {props.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <dl className="facts" aria-label="Configured props">
          {props.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="mono">{k}</dt>
              <dd className="mono">{showValue(v, stores)}</dd>
            </div>
          ))}
        </dl>
      )}

      <LatestEvents id={id} />

      <h3>Logs</h3>
      <LogTerminal initial={logs ?? NO_LOGS} followSourceId={id} label={`Logs of ${source.name}`} />
    </article>
  );
}

function LatestEvents({ id }: { id: string }) {
  const frames = useStore((s) => s.liveEvents[id]);
  const latest = (frames ?? []).slice(0, 15);
  return (
    <>
      <h3>Latest events</h3>
      {latest.length === 0 ? (
        <p className="muted">No events yet. Use Run now, or send a request to the endpoint.</p>
      ) : (
        <table className="rows" aria-label="Latest events">
          <thead>
            <tr>
              <th>Event</th>
              <th>Channel</th>
              <th>Summary</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {latest.map((f) => (
              <tr key={`${f.name}:${f.id}`}>
                <td>
                  <Link href={`~/events/${f.id}`} className="mono">
                    {f.id}
                  </Link>
                </td>
                <td>{f.name || <span className="muted">default</span>}</td>
                <td className="mono">{f.sum ?? JSON.stringify(f.e) ?? ''}</td>
                <td>
                  <RelativeTime ms={f.ts} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
