import { useEffect, useRef, useState } from 'react';
import type { WorkflowRun } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ErrorNote } from '../../ui/ErrorNote';
import { parsePayload } from '../../ui/json-text';
import { testEventLabel, testEventText, useTestEvent } from './use-test-event';

/**
 * "Run now" with an editable JSON event, pre-filled with the workflow's test event (its last real
 * trigger's, or a sample of the trigger's shape); an edited event is kept per workflow and wins.
 * The run shows live in the list while it works.
 */
export function RunNow({ workflowId, onRan }: { workflowId: string; onRan(run: WorkflowRun): void }) {
  const runWorkflow = useStore((s) => s.runWorkflow);
  const trigger = useStore((s) => s.workflows.find((w) => w.id === workflowId)?.trigger.type);
  const [open, setOpen] = useState(false);
  const { testEvent, error: testEventError } = useTestEvent(workflowId);
  const draft = useStore((s) => s.wfRunEventText[workflowId]);
  const fromTest = testEventText(testEvent);
  const text = draft ?? fromTest;
  const edited = draft !== undefined && draft !== fromTest;
  const setRunEventText = useStore((s) => s.setRunEventText);
  const setText = (t: string) => setRunEventText(workflowId, t);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const loading = draft === undefined && !testEvent && !testEventError;
  // A long run may end after the user has gone elsewhere: then it only shows in the list.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);

  const run = async () => {
    const parsed = parsePayload(text);
    if (!parsed.ok) return setError(`The event: ${parsed.error}`);
    const event = parsed.value;
    setError(null);
    setRunning(true);
    try {
      const r = await runWorkflow(workflowId, event);
      if (here.current) onRan(r);
    } catch (err) {
      if (here.current) setError(messageOf(err));
    } finally {
      if (here.current) setRunning(false);
    }
  };

  return (
    <section className="wf-run-now" aria-label="Run now">
      <div className="row">
        <button type="button" className="primary" disabled={running || loading} onClick={run}>
          {running ? 'Running…' : 'Run now'}
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide event' : 'Edit event'}
        </button>
        <span className="muted">
          Event: {loading ? 'reading the test event…' : edited || !testEvent ? 'edited by you' : testEventLabel(testEvent, trigger)}
          {!open && <code className="wf-event-preview">{oneLine(text)}</code>}
        </span>
        {edited && testEvent && (
          <button type="button" onClick={() => setText(fromTest)} title={testEventLabel(testEvent, trigger)}>
            Use the test event
          </button>
        )}
      </div>
      {open && <CodeEditor label="Event JSON" value={text} onChange={setText} minHeight={90} />}
      <ErrorNote error={error} onDismiss={() => setError(null)} />
    </section>
  );
}

/** The event in one short line, for when the editor is closed. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}
