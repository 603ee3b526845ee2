import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { StepRun, WorkflowRun } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { duration } from '../../ui/format';
import { JsonTree } from '../../ui/JsonTree';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { LogTerminal } from '../logs/LogTerminal';
import { waterfall } from './waterfall';
import { PauseActions } from './PauseActions';
import { ReplayEditor } from './ReplayEditor';
import { replaysOf } from './replay-marks';

/** `#/workflows/:id/runs/:runId`: the steps as a waterfall, each step's output, logs and error, the trigger event. */
export function RunDetail({ workflowId, runId }: { workflowId: string; runId: string }) {
  const [, go] = useLocation();
  const runs = useStore((s) => s.runs[workflowId]);
  const run = runs?.find((r) => r.id === runId);
  const [editing, setEditing] = useState(false);
  const wf = useStore((s) => s.workflows.find((w) => w.id === workflowId));
  const { loadRun, runWorkflow } = useStore.getState();
  const [error, setError] = useState<string | null>(null);
  const [rerunning, setRerunning] = useState(false);

  useEffect(() => {
    setError(null);
    loadRun(workflowId, runId).catch((err) => setError(messageOf(err)));
  }, [workflowId, runId, loadRun]);

  const rerun = async (r: WorkflowRun) => {
    setRerunning(true);
    setError(null);
    try {
      useStore.getState().setRunEventText(workflowId, JSON.stringify(r.trigger.event, null, 2) ?? '{}');
      const next = await runWorkflow(workflowId, r.trigger.event);
      go(`/${workflowId}/runs/${next.id}`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setRerunning(false);
    }
  };

  return (
    <Page
      title={`Run ${runId}`}
      actions={
        <>
          <Link href={`/${workflowId}`}>← {wf?.name ?? workflowId}</Link>
          {run && (
            <button type="button" className="primary" disabled={rerunning} onClick={() => rerun(run)}>
              {rerunning ? 'Running…' : 'Re-run with this event'}
            </button>
          )}
          {run && (
            <button type="button" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
              Replay with edited event
            </button>
          )}
        </>
      }
    >
      <div className="pad wf-run">
        <ErrorNote error={error} onDismiss={() => setError(null)} />
        {!run ? (
          !error && <p className="progress">Loading the run…</p>
        ) : (
          <>
            {editing && <ReplayEditor run={run} onClose={() => setEditing(false)} />}
            <dl className="facts">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={run.status} /> {run.exit_reason && <span>exit: {run.exit_reason}</span>}
              </dd>
              {run.status === 'paused' && (
                <>
                  <dt>Paused</dt>
                  <dd>
                    <PauseActions run={run} />
                  </dd>
                </>
              )}
              {run.pauses && run.pauses.length > 0 && (
                <>
                  <dt>Pauses</dt>
                  <dd>
                    <PauseList run={run} />
                  </dd>
                </>
              )}
              <ReplayFacts run={run} runs={runs ?? []} />
              <dt>Started</dt>
              <dd>
                <RelativeTime ms={run.started_at} />
              </dd>
              <dt>Duration</dt>
              <dd className="mono">{run.status === 'running' ? 'running…' : run.status === 'paused' ? 'paused…' : duration(run.duration_ms)}</dd>
              <dt>Triggered by</dt>
              <dd>{String(run.trigger.context.source_type ?? '—')}</dd>
              <dt>Deployment</dt>
              <dd>
                <ShortId id={run.deployment_id} copy />
              </dd>
            </dl>
            <Waterfall run={run} />
            {run.steps.map((s) => (
              <StepSection key={s.id} step={s} />
            ))}
            <section aria-label="Trigger event" className="wf-step-out">
              <h3>Trigger event</h3>
              <JsonTree value={run.trigger.event} />
              <details>
                <summary>Context</summary>
                <JsonTree value={run.trigger.context} depth={1} />
              </details>
            </section>
          </>
        )}
      </div>
    </Page>
  );
}

/** "Replay of r_…" and "Replayed as r_…", each a link to that run. */
function ReplayFacts({ run, runs }: { run: WorkflowRun; runs: WorkflowRun[] }) {
  const replays = replaysOf(run, runs);
  const link = (id: string) => (
    <Link key={id} href={`/${run.workflow_id}/runs/${id}`} aria-label={`Run ${id}`}>
      <ShortId id={id} />
    </Link>
  );
  return (
    <>
      {run.replay_of && (
        <>
          <dt>Replay of</dt>
          <dd>{link(run.replay_of)}</dd>
        </>
      )}
      {replays.length > 0 && (
        <>
          <dt>Replayed as</dt>
          <dd className="row">{replays.map(link)}</dd>
        </>
      )}
    </>
  );
}

/** Each pause: its step and kind, when it began and ended (the workflow's clock), what ended it, and its URLs while open. */
function PauseList({ run }: { run: WorkflowRun }) {
  return (
    <ol className="wf-pauses">
      {run.pauses!.map((p, i) => (
        <li key={i}>
          <span className="mono">{p.step}</span> {p.kind} from <time className="mono">{new Date(p.paused_at).toISOString()}</time>{' '}
          {p.ended_by ? (
            <>
              — {p.ended_by === 'timeout' ? 'its time came' : `${p.ended_by} URL`} at <time className="mono">{new Date(p.ended_at!).toISOString()}</time>
            </>
          ) : (
            <>
              — until <time className="mono">{new Date(p.resume_at).toISOString()}</time>
              {p.resume_url && (
                <div className="mono wf-pause-urls">
                  resume: {p.resume_url}
                  <br />
                  cancel: {p.cancel_url}
                </div>
              )}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

function Waterfall({ run }: { run: WorkflowRun }) {
  const { total, bars } = waterfall(run);
  if (bars.length === 0) return <p className="muted">{run.status === 'running' ? 'The first step is running…' : 'This run has no steps.'}</p>;
  return (
    <table className="wf-waterfall" aria-label="Steps waterfall">
      <thead>
        <tr>
          <th>Step</th>
          <th>Status</th>
          <th>Start</th>
          <th>Duration</th>
          <th className="wf-axis">
            0 <span>{duration(total)}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bars.map((b) => (
          <tr key={b.name}>
            <td className="mono">
              <a href={`#step-${b.name}`} onClick={(e) => (e.preventDefault(), document.getElementById(`step-${b.name}`)?.scrollIntoView({ block: 'start' }))}>
                {b.name}
              </a>
            </td>
            <td>
              <StatusBadge status={b.status} />
            </td>
            <td className="mono">+{duration(b.startMs)}</td>
            <td className="mono">{duration(b.durationMs)}</td>
            <td className="wf-track">
              <span className={`wf-bar wf-bar-${b.status}`} style={{ left: `${b.left * 100}%`, width: `max(2px, ${b.width * 100}%)` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StepSection({ step }: { step: StepRun }) {
  const hasExports = Object.keys(step.exports ?? {}).length > 0;
  return (
    <section id={`step-${step.name}`} aria-label={`Step ${step.name}`} className="wf-step-out">
      <h3 className="row">
        <span className="mono">{step.name}</span> <StatusBadge status={step.status} /> <span className="muted mono">{duration(step.duration_ms)}</span>
        {step.summary && <span className="wf-summary">{step.summary}</span>}
      </h3>
      {step.error && (
        <div className="error-note" role="alert">
          <span className="error-label">{step.error.code}</span> {step.error.message}
          {step.error.stack && <pre className="mono wf-stack">{step.error.stack}</pre>}
        </div>
      )}
      {step.status === 'skipped' && <p className="muted">Skipped: an earlier step ended the run.</p>}
      {(step.status === 'success' || step.status === 'exited' || hasExports) && (
        <div className="wf-outputs">
          <div aria-label={`Return value of ${step.name}`} role="group">
            <h4>$return_value</h4>
            {'$return_value' in step && step.$return_value !== undefined ? <JsonTree value={step.$return_value} /> : <span className="muted">nothing returned</span>}
          </div>
          {hasExports && (
            <div aria-label={`Exports of ${step.name}`} role="group">
              <h4>Exports</h4>
              <JsonTree value={step.exports} />
            </div>
          )}
        </div>
      )}
      {step.logs.length > 0 && (
        <div className="wf-logs">
          <h4>Logs</h4>
          <LogTerminal initial={step.logs} label={`Logs of ${step.name}`} />
        </div>
      )}
    </section>
  );
}
