import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { ShortId } from '../../ui/ShortId';
import { ErrorsTab } from './ErrorsTab';
import { RunNow } from './RunNow';
import { RunsTable } from './RunsTable';
import { triggerLabel } from './trigger-label';
import { ClockPanel } from '../clock/ClockPanel';

/** `#/workflows/:id` (runs) and `#/workflows/:id/errors` ($errors): facts, Run now, the tab. */
export function WorkflowDetail({ id, tab }: { id: string; tab: 'runs' | 'errors' }) {
  const [, go] = useLocation();
  const wf = useStore((s) => s.workflows.find((w) => w.id === id));
  const hasPaused = useStore((s) => (s.runs[id] ?? []).some((r) => r.status === 'paused'));
  // Once shown for paused runs, the Clock panel stays (with what its last advance did) on this page.
  const [clockShown, setClockShown] = useState(false);
  useEffect(() => {
    if (hasPaused) setClockShown(true);
  }, [hasPaused]);
  const loaded = useStore((s) => s.loaded.workflows);
  const sources = useStore((s) => s.sources);
  const { setWorkflowActive, deleteWorkflow } = useStore.getState();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(null), [id]);

  if (!wf) {
    return (
      <Page title="Workflow">
        {loaded ? (
          <EmptyState title={`No workflow ${id}`}>
            It may have been deleted. <Link href="/">Back to the workflows</Link>
          </EmptyState>
        ) : (
          <p className="pad progress">Loading…</p>
        )}
      </Page>
    );
  }

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await setWorkflowActive(id, !wf.active);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await deleteWorkflow(id);
      go('/');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Page
      title={wf.name}
      actions={
        <>
          <Link href="/" className="wf-back">
            ← All workflows
          </Link>
          <button type="button" onClick={() => go(`/${id}/edit`)}>
            Edit
          </button>
          <ConfirmButton label="Delete" question={`Delete “${wf.name}” with its runs, events, step state and subscriptions?`} onConfirm={remove} />
        </>
      }
    >
      <div className="pad wf-detail-top">
        <ErrorNote error={error} onDismiss={() => setError(null)} />
        <dl className="facts">
          <dt>Id</dt>
          <dd>
            <ShortId id={wf.id} copy />
          </dd>
          <dt>Trigger</dt>
          <dd>{triggerLabel(wf.trigger, sources)}</dd>
          {(wf.trigger.type === 'http' || wf.trigger.type === 'email') && (
            <>
              <dt>Endpoint</dt>
              <dd>
                <code>{wf.trigger.endpoint_url}</code> <CopyButton text={wf.trigger.endpoint_url} label="Copy endpoint URL" />
              </dd>
            </>
          )}
          {wf.trigger.type === 'source' && (
            <>
              <dt>Source</dt>
              <dd>
                <a href={`#/sources/${wf.trigger.source_id}`}>{wf.trigger.source_id}</a>
              </dd>
            </>
          )}
          <dt>Steps</dt>
          <dd className="mono">
            {wf.steps.map((s) => s.name + (s.disabled ? ' (disabled)' : s.unresolved ? ' (unresolved)' : '')).join(' → ') || <span className="muted">none</span>}
          </dd>
          {wf.hosted && (
            <>
              <dt>Imported</dt>
              <dd>
                from <span className="mono">{wf.hosted.id}</span>
                {wf.hosted.needs.length > 0 && (
                  <ul className="wf-needs" aria-label="What this workflow needs">
                    {wf.hosted.needs.map((n) => (
                      <li key={n} className="warn-text">
                        Needs {n}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </>
          )}
          <dt>Timeout</dt>
          <dd>{wf.timeout_seconds} s per run</dd>
          <dt>Execution</dt>
          <dd>
            {wf.concurrency === null ? 'unlimited workers' : `${wf.concurrency} worker${wf.concurrency === 1 ? '' : 's'}`}
            {wf.throttle?.limit === 0
              ? ', queue paused (throttle 0: events wait)'
              : wf.throttle
                ? `, at most ${wf.throttle.limit} per ${wf.throttle.interval === 1 ? '' : `${wf.throttle.interval} `}${wf.throttle.unit}${wf.throttle.interval === 1 ? '' : 's'}`
                : ''}
            {`, queue of ${wf.queue_size}, ${wf.memory_mb} MB`}
            {wf.auto_retry ? `; failed steps are retried (up to 8 times)${wf.notify_first_error ? ', the first error is recorded too' : ''}` : ''}
          </dd>
          <dt>Active</dt>
          <dd>
            <label className="row">
              <input type="checkbox" checked={wf.active} disabled={busy} onChange={toggle} /> Active
              <span className="muted">{wf.active ? '(triggers run it)' : '(its timer, endpoint and subscriptions are off)'}</span>
            </label>
          </dd>
        </dl>
        <RunNow workflowId={id} onRan={(run) => go(`/${id}/runs/${run.id}`)} />
        {(wf.trigger.type === 'timer' || hasPaused || clockShown) && <ClockPanel owner="workflows" id={id} active={wf.active} timer={wf.trigger.type === 'timer'} />}
      </div>
      <div role="tablist" aria-label="Workflow views" className="wf-tabs">
        <Link href={`/${id}`} role="tab" aria-selected={tab === 'runs'}>
          Runs
        </Link>
        <Link href={`/${id}/errors`} role="tab" aria-selected={tab === 'errors'}>
          $errors
        </Link>
      </div>
      <div role="tabpanel" aria-label={tab === 'runs' ? 'Runs' : '$errors'} className="wf-tabpanel">
        {tab === 'runs' ? <RunsTable workflowId={id} /> : <ErrorsTab workflow={wf} />}
      </div>
    </Page>
  );
}
