import { useState } from 'react';
import type { WorkflowRun } from '../../../../shared/resources';
import { absoluteTime } from '../../ui/format';

/** The open pause of a paused run (`$.flow.delay` / `suspend` / `rerun`), if any. */
export function openPause(run: WorkflowRun) {
  const p = run.pauses?.at(-1);
  return run.status === 'paused' && p?.resume_url && p.cancel_url ? p : undefined;
}

const WHAT = { delay: 'resumes', rerun: 'reruns', suspend: 'is cancelled', retry: 'retries the failed step' } as const;

/**
 * Resume / Cancel buttons of a paused run: they call its public resume and cancel URLs (each
 * works once), on this page's origin. The run's next frame shows what happened.
 */
export function PauseActions({ run, compact = false }: { run: WorkflowRun; compact?: boolean }) {
  const pause = openPause(run);
  const [busy, setBusy] = useState<'resume' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!pause) return null;

  const act = async (action: 'resume' | 'cancel', url: string) => {
    setBusy(action);
    setError(null);
    try {
      // The path only: the page may be on another name of this service than the URL's.
      const r = await fetch(new URL(url).pathname, { method: 'POST' });
      if (!r.ok) setError(((await r.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${r.status}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <span className="wf-pause" onClick={(e) => e.stopPropagation()}>
      {!compact && (
        <span className="muted">
          {pause.kind} at step <span className="mono">{pause.step}</span>; {WHAT[pause.kind]} at <time className="mono">{absoluteTime(pause.resume_at)}</time> (workflow clock)
        </span>
      )}
      <button type="button" disabled={busy !== null} onClick={() => act('resume', pause.resume_url!)} aria-label={`Resume run ${run.id}`}>
        {busy === 'resume' ? 'Resuming…' : 'Resume'}
      </button>
      <button type="button" className="danger" disabled={busy !== null} onClick={() => act('cancel', pause.cancel_url!)} aria-label={`Cancel run ${run.id}`}>
        {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
      </button>
      {error && (
        <span role="alert" className="bad">
          {error}
        </span>
      )}
    </span>
  );
}
