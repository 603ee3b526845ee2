import { useEffect, useState } from 'react';
import type { StepLastExports, StepTestResult } from '../../../../shared/test-events-api';
import { client, messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ErrorNote } from '../../ui/ErrorNote';
import { parsePayload } from '../../ui/json-text';
import { duration } from '../../ui/format';
import { JsonTree } from '../../ui/JsonTree';
import { RelativeTime } from '../../ui/RelativeTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { LogTerminal } from '../logs/LogTerminal';
import { testEventLabel, testEventText, useTestEvent } from './use-test-event';

/**
 * "Test" of one step, as the hosted builder has it: an editable trigger event (pre-filled with
 * the workflow's test event), the earlier steps' last exports it will be given, and the outcome
 * under the step. The workflow is saved first, so the step tested is the one on screen.
 */
export function StepTest({ workflowId, name, earlier }: { workflowId: string; name: string; earlier: string[] }) {
  const trigger = useStore((s) => s.workflows.find((w) => w.id === workflowId)?.trigger.type);
  const save = useStore((s) => s.wfSave);
  const { testEvent } = useTestEvent(workflowId);
  const [draft, setDraft] = useState<string | null>(null);
  const fromTest = testEventText(testEvent);
  const text = draft ?? fromTest;
  const [last, setLast] = useState<Record<string, StepLastExports> | null>(null);
  const [result, setResult] = useState<{ n: number; r: StepTestResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const testStep = useStore((s) => s.testStep);
  // The last exports change when any step of the workflow is tested (in this panel or another
  // one open beside it) and when a run of it ends: each re-reads them.
  const tests = useStore((s) => s.wfStepTests[workflowId] ?? 0);
  const lastRun = useStore((s) => s.runs[workflowId]?.find((r) => r.status !== 'running')?.id);

  useEffect(() => {
    let current = true;
    client
      .data('workflowLastExports', { id: workflowId })
      .then((l) => current && setLast(l))
      .catch((err) => current && setError(messageOf(err)));
    return () => {
      current = false;
    };
  }, [workflowId, tests, lastRun]);

  const run = async () => {
    const parsed = parsePayload(text);
    if (!parsed.ok) return setError(`The event: ${parsed.error}`);
    const event = parsed.value;
    setError(null);
    setBusy(true);
    try {
      // The step on screen is the one tested: unsaved edits are saved first (problems show on the form).
      if (!(await save())) return setError('The workflow could not be saved: see the fields marked above');
      const r = await testStep(workflowId, name, event);
      setResult((prev) => ({ n: (prev?.n ?? 0) + 1, r }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="wf-step-test" aria-label={`Test of ${name}`}>
      <div className="row">
        <button type="button" className="primary" disabled={busy || (!testEvent && draft === null)} onClick={run}>
          {busy ? 'Testing…' : 'Test step'}
        </button>
        <span className="muted">
          Event: {draft !== null && draft !== fromTest ? 'edited by you' : testEvent ? testEventLabel(testEvent, trigger) : 'reading the test event…'}
        </span>
        {draft !== null && draft !== fromTest && (
          <button type="button" onClick={() => setDraft(null)}>
            Use the test event
          </button>
        )}
      </div>
      <CodeEditor label={`Test event of ${name}`} value={text} onChange={setDraft} minHeight={70} />
      <div role="group" aria-label="Exports of earlier steps" className="wf-test-given">
        <h4>Earlier steps' exports it will use</h4>
        {earlier.length === 0 && <p className="muted">None: no earlier steps.</p>}
        {earlier.map((s) => (
          <div key={s}>
            <code>steps.{s}</code>{' '}
            {last?.[s] ? (
              <>
                <span className="muted">
                  {last[s].from === 'test' ? 'from its test' : `from run ${last[s].run_id}`} <RelativeTime ms={last[s].at} />
                </span>
                <JsonTree value={last[s].exports} depth={1} />
              </>
            ) : (
              <span className="muted">{last ? `no exports yet: test ${s} first` : '…'}</span>
            )}
          </div>
        ))}
      </div>
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      {result && <TestResult key={result.n} name={name} r={result.r} />}
    </section>
  );
}

/** The outcome of a step test: status, the error with its stack, return value, exports, logs. */
function TestResult({ name, r }: { name: string; r: StepTestResult }) {
  return (
    <section aria-label={`Test result of ${name}`} className="wf-step-out">
      <h3 className="row">
        <span className="mono">Tested {name}</span> <StatusBadge status={r.status} /> <span className="muted mono">{duration(r.duration_ms)}</span>
        {r.summary && <span className="wf-summary">{r.summary}</span>}
      </h3>
      {r.error && (
        <div className="error-note" role="alert">
          <span className="error-label">{r.error.code}</span> {r.error.message}
          {r.error.stack && <pre className="mono wf-stack">{r.error.stack}</pre>}
        </div>
      )}
      {r.status !== 'error' && (
        <div className="wf-outputs">
          <div aria-label={`Test return value of ${name}`} role="group">
            <h4>$return_value</h4>
            {r.$return_value !== undefined ? <JsonTree value={r.$return_value} /> : <span className="muted">nothing returned</span>}
          </div>
          <div aria-label={`Test exports of ${name}`} role="group">
            <h4>Exports</h4>
            {Object.keys(r.exports).length ? <JsonTree value={r.exports} /> : <span className="muted">none</span>}
          </div>
        </div>
      )}
      {r.logs.length > 0 && (
        <div className="wf-logs">
          <h4>Logs</h4>
          <LogTerminal initial={r.logs} label={`Test logs of ${name}`} />
        </div>
      )}
    </section>
  );
}
