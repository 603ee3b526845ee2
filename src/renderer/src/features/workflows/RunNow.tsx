import { useEffect, useRef, useState } from 'react';
import type { WorkflowRun } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ErrorNote } from '../../ui/ErrorNote';

/** "Run now" with an editable JSON event; the run shows live in the list while it works. */
export function RunNow({ workflowId, onRan }: { workflowId: string; onRan(run: WorkflowRun): void }) {
  const runWorkflow = useStore((s) => s.runWorkflow);
  const [open, setOpen] = useState(false);
  const text = useStore((s) => s.wfRunEventText[workflowId] ?? '{}');
  const setRunEventText = useStore((s) => s.setRunEventText);
  const setText = (t: string) => setRunEventText(workflowId, t);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // A long run may end after the user has gone elsewhere: then it only shows in the list.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);

  const run = async () => {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch (err) {
      setError(`The event is not JSON: ${messageOf(err)}`);
      return;
    }
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
    <div className="wf-run-now">
      <div className="row">
        <button type="button" className="primary" disabled={running} onClick={run}>
          {running ? 'Running…' : 'Run now'}
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide event' : 'Edit event'}
        </button>
        <span className="muted">
          with event <code>{text.length > 60 ? `${text.slice(0, 60)}…` : text.replace(/\s+/g, ' ')}</code>
        </span>
      </div>
      {open && <CodeEditor label="Event JSON" value={text} onChange={setText} minHeight={90} />}
      <ErrorNote error={error} onDismiss={() => setError(null)} />
    </div>
  );
}
