import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { duration } from '../../ui/format';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { useRowKeys } from '../../ui/use-row-keys';
import { PauseActions } from './PauseActions';

/** The workflow's runs, newest first, live: a run in progress shows as running and fills in. */
export function RunsTable({ workflowId }: { workflowId: string }) {
  const [, go] = useLocation();
  const runs = useStore((s) => s.runs[workflowId]);
  const loaded = useStore((s) => s.runsLoaded[workflowId]);
  const { loadRuns, runWorkflow } = useStore.getState();
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string>();

  useEffect(() => {
    loadRuns(workflowId).catch((err) => setError(messageOf(err)));
  }, [workflowId, loadRuns]);

  const list = useMemo(() => runs ?? [], [runs]);
  const ids = useMemo(() => list.map((r) => r.id), [list]);
  const keys = useMemo(
    () => ({
      select: setSelected,
      open: (runId: string) => go(`/${workflowId}/runs/${runId}`),
      rerun: (runId: string) => {
        const r = list.find((x) => x.id === runId);
        if (r) runWorkflow(workflowId, r.trigger.event).then((n) => go(`/${workflowId}/runs/${n.id}`), (err) => setError(messageOf(err)));
      },
    }),
    [go, list, runWorkflow, workflowId],
  );
  useRowKeys(ids, selected, keys);

  if (error) return <ErrorNote error={error} onDismiss={() => setError(null)} />;
  if (loaded && list.length === 0) {
    return <EmptyState title="No runs yet">Press Run now above, or trigger the workflow; each run shows here as it happens.</EmptyState>;
  }
  return (
    <table className="rows" aria-label="Runs">
      <thead>
        <tr>
          <th>Run</th>
          <th>Status</th>
          <th>Started</th>
          <th>Duration</th>
          <th>Steps</th>
          <th>Trigger</th>
          <th>Error</th>
        </tr>
      </thead>
      <tbody>
        {list.map((r) => {
          const failed = r.steps.find((s) => s.status === 'error');
          return (
            <tr key={r.id} aria-selected={selected === r.id} onClick={() => go(`/${workflowId}/runs/${r.id}`)}>
              <td>
                <a href={`#/workflows/${workflowId}/runs/${r.id}`} aria-label={`Run ${r.id}`} onClick={(e) => e.stopPropagation()}>
                  <ShortId id={r.id} />
                </a>
              </td>
              <td>
                <StatusBadge status={r.status} /> <PauseActions run={r} compact />
              </td>
              <td>
                <RelativeTime ms={r.started_at} />
              </td>
              <td className="mono">{r.status === 'running' || r.status === 'paused' ? '…' : duration(r.duration_ms)}</td>
              <td className="mono">
                <span className="wf-step-dots">
                  {r.steps.map((s) => (
                    <span key={s.id} className={`wf-dot wf-dot-${s.status}`} title={`${s.name}: ${s.status}`}>
                      {s.name}
                    </span>
                  ))}
                  {(r.status === 'running' || r.status === 'paused') && <span className="muted">…</span>}
                </span>
              </td>
              <td>{String(r.trigger.context.source_type ?? '')}</td>
              <td className="wf-error-cell">{failed ? `${failed.name}: ${failed.error?.message ?? 'failed'}` : r.exit_reason ? `exit: ${r.exit_reason}` : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
