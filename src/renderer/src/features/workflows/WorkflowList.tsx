import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorCount, isFailing } from '../../ui/ErrorCount';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { perMinute } from '../../ui/format';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { Sparkline } from '../../ui/Sparkline';
import { StatusBadge } from '../../ui/StatusBadge';
import { useRowKeys } from '../../ui/use-row-keys';
import { triggerLabel } from './trigger-label';

const NEW_BUTTON = (go: (to: string) => void) => (
  <button type="button" className="primary" onClick={() => go('/new')}>
    New workflow
  </button>
);

/** `#/workflows`: every workflow with its trigger, state, last run and runs per minute. */
export function WorkflowList() {
  const [, go] = useLocation();
  const workflows = useStore((s) => s.workflows);
  const sources = useStore((s) => s.sources);
  const runs = useStore((s) => s.runs);
  const loaded = useStore((s) => s.loaded.workflows);
  const loadError = useStore((s) => s.loadErrors.workflows);
  const loadRunsOnce = useStore((s) => s.loadRunsOnce);
  const [filter, setFilter] = useState('');
  const [failingOnly, setFailingOnly] = useState(false);
  const [selected, setSelected] = useState<string>();

  useEffect(() => void loadRunsOnce(workflows.map((w) => w.id)), [workflows, loadRunsOnce]);

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return workflows.filter((w) => (!failingOnly || isFailing(w)) && (!q || `${w.name} ${w.id} ${triggerLabel(w.trigger, sources)}`.toLowerCase().includes(q)));
  }, [workflows, sources, filter, failingOnly]);
  const ids = useMemo(() => shown.map((w) => w.id), [shown]);
  const keys = useMemo(() => ({ select: setSelected, open: (id: string) => go(`/${id}`) }), [go]);
  useRowKeys(ids, selected, keys);

  return (
    <Page title="Workflows" actions={NEW_BUTTON(go)}>
      <FilterBar value={filter} onChange={setFilter} placeholder="Filter workflows">
        {(['all', 'failing'] as const).map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={failingOnly === (f === 'failing')} onClick={() => setFailingOnly(f === 'failing')}>
            {f}
          </button>
        ))}
      </FilterBar>
      <ErrorNote error={loadError} />
      {loaded && workflows.length === 0 ? (
        <EmptyState title="No workflows yet">
          A workflow is a trigger (manual, HTTP, timer or a source's events) and steps of code or actions. {NEW_BUTTON(go)}
        </EmptyState>
      ) : loaded && shown.length === 0 ? (
        <EmptyState title={failingOnly && !filter ? 'No workflow is failing' : `No workflow matches “${filter}”`}>Clear the filter to see all {workflows.length}.</EmptyState>
      ) : (
        <table className="rows" aria-label="Workflows">
          <thead>
            <tr>
              <th>Name</th>
              <th>Id</th>
              <th>Trigger</th>
              <th>Steps</th>
              <th>Active</th>
              <th>Errors</th>
              <th>Last run</th>
              <th>Runs / min (1 h)</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((w) => {
              const list = runs[w.id] ?? [];
              const last = list[0];
              return (
                <tr key={w.id} aria-selected={selected === w.id} onClick={() => go(`/${w.id}`)}>
                  <td>
                    <Link href={`/${w.id}`} onClick={(e) => e.stopPropagation()}>
                      {w.name}
                    </Link>
                  </td>
                  <td>
                    <ShortId id={w.id} />
                  </td>
                  <td>{triggerLabel(w.trigger, sources)}</td>
                  <td>{w.steps.length}</td>
                  <td>
                    <StatusBadge status={w.active ? 'active' : 'inactive'} />
                  </td>
                  <td>
                    <ErrorCount errors={w.errors} />
                  </td>
                  <td>
                    {last ? (
                      <span className="row">
                        <StatusBadge status={last.status} /> <RelativeTime ms={last.started_at} />
                      </span>
                    ) : (
                      <span className="muted">no runs</span>
                    )}
                  </td>
                  <td>
                    <Sparkline values={perMinute(list.map((r) => r.started_at))} label={`Runs per minute of ${w.name} over the last hour`} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Page>
  );
}
