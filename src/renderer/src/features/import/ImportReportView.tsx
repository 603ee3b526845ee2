import type { ImportReport } from '../../../../shared/projects-api';
import { CopyButton } from '../../ui/CopyButton';
import { triggerText } from './import-files';

/** What an import did or would do: each workflow with its trigger and what it still needs, then accounts and stores to fill. */
export function ImportReportView({ report, schedules, onSchedule }: { report: ImportReport; schedules: Record<string, string>; onSchedule?: (id: string, v: string) => void }) {
  return (
    <div className="import-report">
      {report.problems.map((p) => (
        <div key={p} className="error-note" role="alert">
          <span className="error-label">Not imported</span> {p}
        </div>
      ))}
      <table className="rows" aria-label="Workflows to import">
        <thead>
          <tr>
            <th>Workflow</th>
            <th>Trigger</th>
            <th>Steps</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {report.workflows.map((w) => (
            <tr key={w.hosted_id}>
              <td>
                <div>{w.name}</div>
                <div className="mono muted">
                  {w.hosted_id}
                  {w.workflow_id && w.workflow_id !== w.hosted_id ? ` → ${w.workflow_id}` : ''}
                </div>
                <span className={`badge ${w.action === 'error' ? 'badge-bad' : 'badge-muted'}`}>{w.action === 'create' ? (report.dry_run ? 'new' : 'created') : w.action === 'update' ? (report.dry_run ? 'update in place' : 'updated in place') : 'failed'}</span>
              </td>
              <td>
                <div className="mono">
                  {w.trigger.hosted_id ?? '—'} → {triggerText(w)}
                </div>
                {w.trigger.endpoint_url && (
                  <div className="mono">
                    {w.trigger.endpoint_url} <CopyButton text={w.trigger.endpoint_url} />
                  </div>
                )}
                {onSchedule && w.needs.some((n) => n.startsWith('a schedule for timer')) && (
                  <input
                    aria-label={`Schedule for ${w.name}`}
                    className="mono"
                    placeholder="every 15m or 0 3 * * *"
                    value={schedules[w.hosted_id] ?? ''}
                    onChange={(e) => onSchedule(w.hosted_id, e.target.value)}
                  />
                )}
                {w.unmapped_triggers.map((u) => (
                  <div key={u.id} className="warn-text">
                    {u.id} not mapped: {u.reason}
                  </div>
                ))}
              </td>
              <td>
                <ul className="import-steps">
                  {w.steps.map((s) => (
                    <li key={s.name}>
                      <span className={`badge ${s.status === 'ok' ? 'badge-ok' : s.status === 'disabled' ? 'badge-muted' : 'badge-warn'}`}>{s.status}</span> <span className="mono">{s.name}</span>{' '}
                      <span className="muted mono">{s.uses}</span>
                      {s.reason && <div className="warn-text">{s.reason}</div>}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <span className={`badge ${w.active ? 'badge-ok' : 'badge-warn'}`}>{w.active ? 'active' : 'inactive'}</span>
                {w.error && <div className="error-text">{w.error}</div>}
                {w.needs.filter((n) => !n.startsWith('step ')).map((n) => (
                  <div key={n} className="warn-text">
                    Needs {n}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.accounts.length > 0 && (
        <section aria-label="Accounts to connect">
          <h2>Accounts</h2>
          <p className="muted">One slot per hosted account id, shared by every workflow that names it. Credentials are not in the repository: fill each once on the Accounts screen.</p>
          <ul>
            {report.accounts.map((a) => (
              <li key={a.id}>
                <span className="mono">{a.id}</span> ({a.app}) {a.needs_credentials ? <span className="badge badge-warn">needs credentials</span> : <span className="badge badge-ok">connected</span>}{' '}
                <span className="muted">used by {a.used_by.join(', ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.data_stores.length > 0 && (
        <section aria-label="Data stores">
          <h2>Data stores</h2>
          <ul>
            {report.data_stores.map((d) => (
              <li key={d.id}>
                <span className="mono">{d.id}</span> {d.created ? (report.dry_run ? 'will be created (empty)' : 'created (empty)') : 'kept'} <span className="muted">used by {d.used_by.join(', ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
