import { useState } from 'react';
import { useLocation } from 'wouter';
import type { WorkflowRun } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { parsePayload } from '../../ui/json-text';

/** "Replay with edited event": the run's trigger event as editable JSON, replayed as a new run marked `replay_of`. */
export function ReplayEditor({ run, onClose }: { run: WorkflowRun; onClose(): void }) {
  const [, go] = useLocation();
  const [text, setText] = useState(() => JSON.stringify(run.trigger.event ?? {}, null, 2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const replay = async () => {
    const parsed = parsePayload(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    const event = parsed.value;
    setBusy(true);
    setError(null);
    try {
      const [done] = await useStore.getState().replayRuns(run.workflow_id, [run.id], event);
      onClose();
      go(`/${run.workflow_id}/runs/${done.replay_run_id}`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="wf-replay-editor" aria-label="Replay with edited event">
      <label htmlFor="wf-replay-event">Trigger event (JSON) — replayed as a new run of the workflow&apos;s current steps</label>
      <textarea id="wf-replay-event" className="mono" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={replay}>
          {busy ? 'Replaying…' : 'Replay'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
