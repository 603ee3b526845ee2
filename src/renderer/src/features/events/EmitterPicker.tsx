import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { FilterBar } from '../../ui/FilterBar';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { useRowKeys } from '../../ui/use-row-keys';

/** Every source and workflow, with how many events each retains. */
export function EmitterPicker() {
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const counts = useStore((s) => s.eventCounts);
  const liveEvents = useStore((s) => s.liveEvents);
  const loaded = useStore((s) => s.loaded.sources && s.loaded.workflows);
  const loadEventCounts = useStore((s) => s.loadEventCounts);
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<string>();

  const emitters = useMemo(
    () => [
      ...sources.map((s) => ({ id: s.id, name: s.name, kind: 'source', last: s.last_event_at })),
      ...workflows.map((w) => ({ id: w.id, name: w.name, kind: 'workflow', last: null as number | null })),
    ],
    [sources, workflows],
  );
  const ids = useMemo(() => emitters.map((e) => e.id), [emitters]);
  useEffect(() => void loadEventCounts(ids), [ids, loadEventCounts]);

  const needle = text.trim().toLowerCase();
  const shown = emitters.filter((e) => !needle || e.name.toLowerCase().includes(needle) || e.id.toLowerCase().includes(needle));
  const keys = useMemo(() => ({ select: setSelected, open: (id: string) => navigate(`/${id}`) }), [navigate]);
  useRowKeys(
    shown.map((e) => e.id),
    selected,
    keys,
  );

  return (
    <Page title="Events">
      {loaded && emitters.length === 0 ? (
        <EmptyState title="No emitters yet">
          Events come from sources and workflows. Deploy a source under <Link href="~/sources">Sources</Link> (for example the <code>http-new-requests</code>{' '}
          component), send a request to its endpoint, and its events appear here live.
        </EmptyState>
      ) : (
        <>
          <FilterBar value={text} onChange={setText} placeholder="Filter sources and workflows" />
          <table className="rows" aria-label="Emitters">
            <thead>
              <tr>
                <th>Name</th>
                <th>Kind</th>
                <th>Id</th>
                <th className="num" title="Retained events: the default channel, plus $errors for workflows">Events</th>
                <th>Last event</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e) => {
                const last = liveEvents[e.id]?.[0]?.ts ?? e.last;
                return (
                  <tr key={e.id} aria-selected={selected === e.id} onClick={() => navigate(`/${e.id}`)}>
                    <td>
                      <Link href={`/${e.id}`}>{e.name}</Link>
                    </td>
                    <td className="muted">{e.kind}</td>
                    <td>
                      <ShortId id={e.id} />
                    </td>
                    <td className="num">{counts[e.id] ?? '…'}</td>
                    <td>{last === null && e.kind === 'workflow' ? <span className="muted">—</span> : <RelativeTime ms={last} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </Page>
  );
}
