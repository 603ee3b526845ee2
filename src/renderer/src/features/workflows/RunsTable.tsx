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
import { failedIds, replaysOf } from './replay-marks';

/** The workflow's runs, newest first, live: a run in progress shows as running and fills in. */
export function RunsTable({ workflowId }: { workflowId: string }) {
  const [, go] = useLocation();
  const runs = useStore((s) => s.runs[workflowId]);
  const loaded = useStore((s) => s.runsLoaded[workflowId]);
  const { loadRuns, runWorkflow, replayRuns } = useStore.getState();
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string>();
  // Runs ticked for a bulk replay (the keyboard's `selected` row is another thing).
  const [checked, setChecked] = useState<string[]>([]);
  const [replaying, setReplaying] = useState(false);
  const [replayed, setReplayed] = useState<string | null>(null);

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

  const toggle = (id: string) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const failed = failedIds(list);
  const replaySelected = async () => {
    // Oldest first: the replays run in the order the originals came in.
    const ids = list.filter((r) => checked.includes(r.id)).map((r) => r.id).reverse();
    setReplaying(true);
    setError(null);
    try {
      const done = await replayRuns(workflowId, ids);
      setChecked([]);
      const failedAgain = done.filter((d) => d.status === 'error').length;
      setReplayed(`Replayed ${done.length} run${done.length === 1 ? '' : 's'}${failedAgain ? `; ${failedAgain} failed again` : ''}.`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setReplaying(false);
    }
  };

  if (loaded && list.length === 0) {
    return <EmptyState title="No runs yet">Press Run now above, or trigger the workflow; each run shows here as it happens.</EmptyState>;
  }
  return (
    <>
      <div className="wf-runs-toolbar" role="toolbar" aria-label="Bulk actions">
        <button type="button" disabled={failed.length === 0} onClick={() => setChecked(failed)}>
          Select all failed ({failed.length})
        </button>
        {checked.length > 0 && (
          <button type="button" onClick={() => setChecked([])}>
            Clear selection
          </button>
        )}
        <button type="button" className="primary" disabled={checked.length === 0 || replaying} onClick={replaySelected}>
          {replaying ? 'Replaying…' : `Replay selected (${checked.length})`}
        </button>
        {replayed && (
          <span className="muted" role="status">
            {replayed}
          </span>
        )}
      </div>
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      <table className="rows" aria-label="Runs">
        <thead>
          <tr>
            <th className="wf-check">
              <input
                type="checkbox"
                aria-label="Select every run"
                checked={list.length > 0 && checked.length === list.length}
                onChange={(e) => setChecked(e.target.checked ? list.map((r) => r.id) : [])}
              />
            </th>
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
            const replays = replaysOf(r, list);
            return (
              <tr key={r.id} aria-selected={selected === r.id} onClick={() => go(`/${workflowId}/runs/${r.id}`)}>
                <td className="wf-check" onClick={(e) => e.stopPropagation()}>
                  <input type="checkbox" aria-label={`Select run ${r.id}`} checked={checked.includes(r.id)} onChange={() => toggle(r.id)} />
                </td>
                <td>
                  <a href={`#/workflows/${workflowId}/runs/${r.id}`} aria-label={`Run ${r.id}`} onClick={(e) => e.stopPropagation()}>
                    <ShortId id={r.id} />
                  </a>
                </td>
                <td>
                  <StatusBadge status={r.status} /> <PauseActions run={r} compact />
                  {replays.length > 0 && (
                    <span className="wf-mark wf-mark-replayed" title={`Replayed as ${replays.join(', ')}`}>
                      replayed
                    </span>
                  )}
                  {r.replay_of && (
                    <span className="wf-mark" title={`Replay of ${r.replay_of}`}>
                      replay
                    </span>
                  )}
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
    </>
  );
}
