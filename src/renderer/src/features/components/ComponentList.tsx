import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { Chips } from '../../ui/Chips';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { useRowKeys } from '../../ui/use-row-keys';
import { componentRows, type ComponentFilter, type ComponentRow } from './component-logic';

const TYPES: { value: ComponentFilter['type']; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'source', label: 'Sources' },
  { value: 'action', label: 'Actions' },
];

/** `#/components`: the user's saved components and the registry's, with a filter. */
export function ComponentList() {
  const components = useStore((s) => s.components);
  const registry = useStore((s) => s.registry);
  const loaded = useStore((s) => s.loaded.components && s.loaded.registry);
  const loadError = useStore((s) => s.loadErrors.components ?? s.loadErrors.registry);
  const filter = useStore((s) => s.componentFilter);
  const setFilter = useStore((s) => s.setComponentFilter);
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<string>();

  const rows = useMemo(() => componentRows(components, registry, filter), [components, registry, filter]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const keys = useMemo(() => ({ select: setSelected, open: (id: string) => navigate(`/${id}`) }), [navigate]);
  useRowKeys(ids, selected, keys);
  const ownCount = rows.filter((r) => r.origin === 'saved').length;
  const filtering = filter.text.trim() !== '' || filter.type !== 'all';

  return (
    <Page
      title="Components"
      actions={
        <button type="button" className="primary" onClick={() => navigate('/new')}>
          New component
        </button>
      }
    >
      <FilterBar value={filter.text} onChange={(text) => setFilter({ text })} placeholder="Filter components">
        <Chips label="Type" options={TYPES} value={filter.type} onChange={(type) => setFilter({ type })} />
        <button type="button" className="chip" aria-pressed={filter.latestOnly} onClick={() => setFilter({ latestOnly: !filter.latestOnly })} title="Show only the newest saved version of each key">
          Latest versions only
        </button>
      </FilterBar>
      <div className="pad comp-list-notes">
        <ErrorNote error={loadError} />
        {!loaded && !loadError && <p className="muted">Loading components…</p>}
        {loaded && ownCount === 0 && !filtering && (
          <EmptyState title="No components of your own yet">
            <p>
              <button type="button" className="primary" onClick={() => navigate('/new')}>
                New component
              </button>
            </p>
            Start from the HTTP source, timer source or action template, copy a registry component below, or save one from a script with{' '}
            <code>POST /v1/components</code>.
          </EmptyState>
        )}
        {loaded && rows.length === 0 && filtering && (
          <EmptyState title="No component matches the filter">
            <button type="button" onClick={() => setFilter({ text: '', type: 'all' })}>
              Clear the filter
            </button>
          </EmptyState>
        )}
      </div>
      {rows.length > 0 && (
        <table className="rows" aria-label="Components">
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Version</th>
              <th>Type</th>
              <th>From</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row key={r.id} row={r} selected={r.id === selected} open={() => navigate(`/${r.id}`)} />
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}

function Row({ row: r, selected, open }: { row: ComponentRow; selected: boolean; open(): void }) {
  return (
    <tr aria-selected={selected} onClick={open}>
      <td>
        <Link href={`/${r.id}`} onClick={(e) => e.stopPropagation()}>
          {r.name}
        </Link>
      </td>
      <td>
        <code>{r.key ?? '—'}</code>
      </td>
      <td>
        <code>{r.version}</code>
        {r.olderVersions > 0 && <span className="muted"> (+{r.olderVersions} older)</span>}
      </td>
      <td>
        <span className={`badge comp-type-${r.type}`}>{r.type}</span>
      </td>
      <td>{r.origin === 'saved' ? <span className="muted">saved</span> : <span className="badge badge-muted">{r.origin}</span>}</td>
      <td>{r.updatedAt === null ? <span className="muted">—</span> : <RelativeTime ms={r.updatedAt} />}</td>
    </tr>
  );
}
