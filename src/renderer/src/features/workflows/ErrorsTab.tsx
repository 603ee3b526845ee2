import { useEffect, useMemo, useState } from 'react';
import type { Workflow } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { JsonTree } from '../../ui/JsonTree';
import { RelativeTime } from '../../ui/RelativeTime';
import { mergeErrorRows } from './workflow-slice';

/** The workflow's `$errors` channel: read once, then live; each with its error, step and event. */
export function ErrorsTab({ workflow }: { workflow: Workflow }) {
  const id = workflow.id;
  const seeded = useStore((s) => s.wfErrorEvents[id]);
  const live = useStore((s) => s.liveEvents[id]);
  const loadWorkflowErrors = useStore((s) => s.loadWorkflowErrors);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    loadWorkflowErrors(id).catch((err) => setError(messageOf(err)));
  }, [id, loadWorkflowErrors]);

  const rows = useMemo(() => mergeErrorRows(seeded, live), [seeded, live]);
  const stepName = (cellId?: string) => workflow.steps.find((s) => s.id === cellId)?.name ?? cellId ?? '—';

  if (error) return <ErrorNote error={error} onDismiss={() => setError(null)} />;
  if (seeded && rows.length === 0) {
    return (
      <EmptyState title="No errors">
        When a step throws, the error lands here with the event that caused it (and an e-mail in the Outbox). Other workflows can listen to it with a <code>$errors</code> subscription.
      </EmptyState>
    );
  }
  return (
    <ul className="wf-errors" aria-label="$errors events">
      {rows.map((r) => {
        const e = r.event.error ?? {};
        const runId = r.event.original_context?.id as string | undefined;
        return (
          <li key={r.id} className="wf-error-row">
            <button type="button" className="wf-error-summary" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}>
              <span className="badge badge-bad">{e.code ?? e.name ?? 'Error'}</span>
              <span className="wf-error-message">{e.message ?? ''}</span>
              <span className="muted">
                in step <code>{stepName(e.cellId)}</code>
              </span>
              <code className="wf-event-preview" title="Original event">
                {preview(r.event.original_event)}
              </code>
              <RelativeTime ms={r.ts} />
            </button>
            {open === r.id && (
              <div className="wf-error-detail">
                {runId && (
                  <p>
                    Run <a href={`#/workflows/${id}/runs/${runId}`}>{runId}</a>
                  </p>
                )}
                {e.stack && <pre className="mono wf-stack">{e.stack}</pre>}
                <h4>Original event</h4>
                <JsonTree value={r.event.original_event} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function preview(v: unknown): string {
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > 80 ? `${t.slice(0, 80)}…` : t;
}
