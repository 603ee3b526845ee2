import { useEffect, useMemo } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
import type { WorkflowRun } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { duration } from '../../ui/format';
import { LogTerminal } from './LogTerminal';
import { furtherRun, runLogLines } from './log-format';
import './logs.css';

/** The Logs section: `#/logs` picks a source or a run, `#/logs/<source id>` follows a source live, `#/logs/workflows/<id>/runs/<run id>` shows a run's step logs. */
export function LogsScreen() {
  return (
    <Page title="Logs">
      <Switch>
        <Route path="/">
          <LogsPicker />
        </Route>
        <Route path="/workflows/:workflowId/runs/:runId">
          <RunLogs />
        </Route>
        <Route path="/:sourceId">
          <SourceLogs />
        </Route>
      </Switch>
    </Page>
  );
}

function LogsPicker() {
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const runsByWorkflow = useStore((s) => s.runs);
  const loaded = useStore((s) => s.loaded.sources && s.loaded.workflows);
  const loadRecentRuns = useStore((s) => s.loadRecentRuns);
  const workflowIds = useMemo(() => workflows.map((w) => w.id), [workflows]);
  useEffect(() => void loadRecentRuns(workflowIds), [workflowIds, loadRecentRuns]);

  const runs = useMemo(
    () =>
      workflows
        .flatMap((w) => (runsByWorkflow[w.id] ?? []).map((r) => ({ run: r, workflow: w.name })))
        .sort((a, b) => b.run.started_at - a.run.started_at)
        .slice(0, 50),
    [workflows, runsByWorkflow],
  );

  if (loaded && sources.length === 0 && runs.length === 0) {
    return (
      <EmptyState title="No logs yet">
        A source&apos;s <code>console.log</code> and <code>console.error</code> lines, and each workflow step&apos;s logs, show here live. Create one under{' '}
        <Link href="~/sources">Sources</Link> or <Link href="~/workflows">Workflows</Link>, then trigger it (<strong>Run now</strong>, or a request to its
        endpoint).
      </EmptyState>
    );
  }
  return (
    <div className="logs-picker">
      <section aria-label="Source logs">
        <h2>Sources</h2>
        {sources.length === 0 ? (
          <p className="pad muted">No sources. Deploy one under <Link href="~/sources">Sources</Link>.</p>
        ) : (
          <table className="rows">
            <thead>
              <tr>
                <th>Source</th>
                <th>Id</th>
                <th>Last event</th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link href={`/${s.id}`}>{s.name}</Link>
                  </td>
                  <td>
                    <ShortId id={s.id} />
                  </td>
                  <td>
                    <RelativeTime ms={s.last_event_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-label="Workflow run logs">
        <h2>Workflow runs</h2>
        {runs.length === 0 ? (
          <p className="pad muted">No workflow runs yet. Run a workflow (its Run button, or a request to its endpoint) and its step logs appear here.</p>
        ) : (
          <table className="rows">
            <thead>
              <tr>
                <th>Workflow</th>
                <th>Run</th>
                <th>Status</th>
                <th>Started</th>
              </tr>
            </thead>
            <tbody>
              {runs.map(({ run, workflow }) => (
                <tr key={run.id}>
                  <td>
                    <Link href={`/workflows/${run.workflow_id}/runs/${run.id}`}>{workflow}</Link>
                  </td>
                  <td>
                    <ShortId id={run.id} />
                  </td>
                  <td>
                    <StatusBadge status={run.status} />
                  </td>
                  <td>
                    <RelativeTime ms={run.started_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function SourceLogs() {
  const { sourceId } = useParams<{ sourceId: string }>();
  const source = useStore((s) => s.sources.find((x) => x.id === sourceId));
  const logs = useStore((s) => s.sourceLogs[sourceId]);
  const loadSourceLogs = useStore((s) => s.loadSourceLogs);
  useEffect(() => void loadSourceLogs(sourceId), [sourceId, loadSourceLogs]);
  return (
    <>
      <div className="logs-subhead">
        <Link href="/">All logs</Link>
        <strong>{source?.name ?? sourceId}</strong>
        <ShortId id={sourceId} copy />
        <Link href={`~/sources/${sourceId}`}>Source</Link>
        <Link href={`~/events/${sourceId}`}>Events</Link>
        <span className="muted">Live: new console lines appear as they are written.</span>
      </div>
      <ErrorNote error={logs?.error} />
      {logs?.value ? (
        <LogTerminal initial={logs.value} followSourceId={sourceId} label={`Logs of ${source?.name ?? sourceId}`} fill />
      ) : (
        !logs?.error && <p className="pad muted">Reading logs…</p>
      )}
    </>
  );
}

function RunLogs() {
  const { workflowId, runId } = useParams<{ workflowId: string; runId: string }>();
  const workflow = useStore((s) => s.workflows.find((w) => w.id === workflowId));
  const live = useStore((s) => s.runs[workflowId]?.find((r) => r.id === runId));
  const read = useStore((s) => s.runDetails[runId]);
  const loadRunLogs = useStore((s) => s.loadRunLogs);
  useEffect(() => void loadRunLogs(workflowId, runId), [workflowId, runId, loadRunLogs]);
  const run: WorkflowRun | undefined = furtherRun(live, read?.value);
  const lines = useMemo(() => (run ? runLogLines(run) : []), [run]);
  return (
    <>
      <div className="logs-subhead">
        <Link href="/">All logs</Link>
        <strong>{workflow?.name ?? workflowId}</strong>
        <span>
          run <ShortId id={runId} copy />
        </span>
        {run && <StatusBadge status={run.status} />}
        {run && <span className="muted">{run.status === 'running' ? 'running — new lines appear live' : duration(run.duration_ms)}</span>}
        <Link href={`~/workflows/${workflowId}/runs/${runId}`}>Run detail</Link>
      </div>
      <ErrorNote error={run ? null : read?.error} />
      {run ? (
        <>
          {lines.length === 0 && <p className="pad muted">This run&apos;s steps wrote no logs{run.status === 'running' ? ' yet' : ''}.</p>}
          <LogTerminal initial={lines} label={`Logs of run ${runId}`} fill />
        </>
      ) : (
        !read?.error && <p className="pad muted">Reading the run…</p>
      )}
    </>
  );
}
