import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorCount } from '../../ui/ErrorCount';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { RelativeTime } from '../../ui/RelativeTime';
import { Sparkline } from '../../ui/Sparkline';
import { StatusBadge } from '../../ui/StatusBadge';
import { useRowKeys } from '../../ui/use-row-keys';
import { endpointOf, eventRate, filterSources, lastEventAt, shortEndpoint, type StatusFilter } from './source-model';

const STATUSES: StatusFilter[] = ['all', 'active', 'inactive', 'failing'];

/** The deployed sources, newest first: status, component, last event, events per minute, endpoint. */
export function SourceList({ selected }: { selected?: string }) {
  const sources = useStore((s) => s.sources);
  const loaded = useStore((s) => s.loaded.sources);
  const loadError = useStore((s) => s.loadErrors.sources);
  const loadSourceEvents = useStore((s) => s.loadSourceEvents);
  const runSource = useStore((s) => s.runSource);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [, navigate] = useLocation();
  const shown = useMemo(() => filterSources(sources, text, status), [sources, text, status]);
  const ids = useMemo(() => shown.map((s) => s.id), [shown]);
  const keys = useMemo(() => ({ select: (id: string) => navigate(`/${id}`), open: (id: string) => navigate(`/${id}`), rerun: (id: string) => void runSource(id) }), [navigate, runSource]);
  useRowKeys(ids, selected, keys);
  useEffect(() => {
    for (const s of sources) void loadSourceEvents(s.id);
  }, [sources, loadSourceEvents]);

  return (
    <div className="source-list">
      <FilterBar value={text} onChange={setText} placeholder="Filter sources">
        {STATUSES.map((s) => (
          <button key={s} type="button" className="chip" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {s}
          </button>
        ))}
      </FilterBar>
      <ErrorNote error={loadError} />
      {loaded && sources.length === 0 ? (
        <EmptyState title="No sources yet">
          A source runs a component and emits events. Click <b>New source</b> above, or deploy from a script with <code>POST /v1/sources</code>.
        </EmptyState>
      ) : loaded && shown.length === 0 ? (
        <EmptyState title="No source matches">Clear the filter or choose another status.</EmptyState>
      ) : (
        <table className="rows" aria-label="Sources">
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              <th>Errors</th>
              <th>Component</th>
              <th>Last event</th>
              <th>Events / min (1 h)</th>
              <th>Endpoint</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <SourceRow key={s.id} id={s.id} selected={s.id === selected} onOpen={() => navigate(`/${s.id}`)} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function SourceRow({ id, selected, onOpen }: { id: string; selected: boolean; onOpen(): void }) {
  const s = useStore((st) => st.sources.find((x) => x.id === id));
  const frames = useStore((st) => st.liveEvents[id]);
  const rate = useMemo(() => eventRate(frames), [frames]);
  if (!s) return null;
  const endpoint = endpointOf(s);
  const total = rate.reduce((a, b) => a + b, 0);
  return (
    <tr aria-selected={selected} onClick={onOpen} ref={(el) => (selected ? el?.scrollIntoView({ block: 'nearest' }) : undefined)}>
      <td>
        <a href={`#/sources/${s.id}`} onClick={(e) => e.preventDefault()}>
          {s.name}
        </a>
      </td>
      <td>
        <StatusBadge status={s.active ? 'active' : 'inactive'} />
      </td>
      <td>
        <ErrorCount errors={s.errors} />
      </td>
      <td className="mono">{s.component_key ?? <span className="muted">{s.component_id}</span>}</td>
      <td>
        <RelativeTime ms={lastEventAt(s, frames)} />
      </td>
      <td>
        <Sparkline values={rate} label={`${total} events in the last hour`} />
      </td>
      <td onClick={(e) => e.stopPropagation()}>
        {endpoint ? (
          <span className="row nowrap">
            <code className="endpoint" title={endpoint}>
              {shortEndpoint(endpoint)}
            </code>
            <CopyButton text={endpoint} label={`Copy endpoint of ${s.name}`} />
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}
