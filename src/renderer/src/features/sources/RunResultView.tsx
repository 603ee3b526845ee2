import type { RunResult } from '../../../../shared/resources';
import { duration } from '../../ui/format';
import { JsonTree } from '../../ui/JsonTree';

/** What Run now did: ok or the error, how long, and each event emitted. */
export function RunResultView({ run }: { run: RunResult }) {
  return (
    <section className={`run-result ${run.ok ? 'ok' : 'bad'}`} aria-label="Run result">
      <div className="row">
        <span className={`badge badge-${run.ok ? 'ok' : 'bad'}`}>{run.ok ? 'run ok' : 'run failed'}</span>
        <span>{duration(run.duration_ms)}</span>
        <span>
          {run.emitted.length} event{run.emitted.length === 1 ? '' : 's'} emitted
          {run.deduped ? `, ${run.deduped} deduped` : ''}
        </span>
      </div>
      {run.error && (
        <div className="error-note">
          <span className="error-label">{run.error.name}</span> {run.error.message}
        </div>
      )}
      {run.emitted.map((e) => (
        <div key={e.id} className="run-emitted">
          <div className="muted mono">
            {e.id}
            {e.metadata.summary ? ` — ${e.metadata.summary}` : ''}
          </div>
          <JsonTree value={e.event} depth={2} />
        </div>
      ))}
    </section>
  );
}
