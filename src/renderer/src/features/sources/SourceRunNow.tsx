import { useEffect, useState } from 'react';
import type { DeployedSource } from '../../../../shared/resources';
import { client } from '../../api/client';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { ErrorNote } from '../../ui/ErrorNote';
import { parsePayload } from '../../ui/json-text';
import { useLoaded } from '../../ui/use-loaded';
import { newestTriggerId, testEventOrigin } from './source-model';

/**
 * "Run now" with an editable test event, pre-filled from the source's last real trigger (the
 * last request, the last timer event) or a sample of what its trigger sends. Until the user
 * edits it, it follows the newest trigger.
 */
export function SourceRunNow({ source, disabled }: { source: DeployedSource; disabled: boolean }) {
  const id = source.id;
  const runSource = useStore((s) => s.runSource);
  // A new trigger may mean a new test event: read it again then, not on each event it emitted.
  const trigger = useStore((s) => newestTriggerId(s.liveEvents[id]));
  const { value: test, error: loadError } = useLoaded(() => client.data('sourceTestEvent', { id }), [id, trigger]);
  const [edited, setEdited] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, tick] = useState(0);

  useEffect(() => setEdited(null), [id]);
  useEffect(() => {
    // "2 min ago" stays true.
    const t = setInterval(() => tick((n) => n + 1), 15_000);
    return () => clearInterval(t);
  }, []);

  const text = edited ?? (test ? JSON.stringify(test.event, null, 2) : '');
  const run = () => {
    // No test event to be had (it could not be read): the run's default event.
    const parsed = text === '' ? { ok: true as const, value: undefined } : parsePayload(text);
    if (!parsed.ok) {
      setOpen(true);
      setError(`The test event: ${parsed.error}`);
      return;
    }
    setError(null);
    void runSource(id, parsed.value);
  };

  return (
    <div className="source-run-now" role="group" aria-label="Run now">
      <div className="row">
        <button type="button" className="primary" disabled={disabled || (!test && !loadError)} onClick={run}>
          Run now
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide event' : 'Edit event'}
        </button>
        <span className="muted">
          with {edited !== null ? 'your edited event' : test ? <span>{testEventOrigin(test, source)}</span> : 'the test event (loading…)'}
        </span>
        {edited !== null && test && (
          <button type="button" onClick={() => setEdited(null)}>
            Use {test.from === 'sample' ? 'the sample' : 'the last trigger'} again
          </button>
        )}
      </div>
      {open && <CodeEditor label="Test event JSON" value={text} onChange={setEdited} minHeight={120} />}
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      {loadError && !test && <ErrorNote error={`No test event: ${loadError}`} />}
    </div>
  );
}
