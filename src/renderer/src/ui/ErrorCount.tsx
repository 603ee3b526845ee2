import type { ErrorCounts } from '../../../shared/resources';
import { absoluteTime } from './format';
import { RelativeTime } from './RelativeTime';

const plural = (n: number) => `${n} error${n === 1 ? '' : 's'}`;

/** A list cell: how often a source or workflow failed, and the last error (as the service counts them). */
export function ErrorCount({ errors }: { errors: ErrorCounts | undefined }) {
  if (!errors || errors.count === 0 || !errors.last) return <span className="muted">—</span>;
  const last = `${errors.last.name}: ${errors.last.message}`;
  return (
    <span className="error-count" title={`${last} (${absoluteTime(errors.last.at)})`}>
      <span className="badge badge-bad">{plural(errors.count)}</span> <span className="error-count-last">{last}</span>
    </span>
  );
}

/** The detail's banner: the last failure, with the count, so a failing deployment reads as failing. */
export function LastErrorNote({ errors }: { errors: ErrorCounts | undefined }) {
  if (!errors?.last) return null;
  return (
    <p className="last-error" role="status" aria-label="Last error">
      <span className="badge badge-bad">{plural(errors.count)}</span> Last: <code>{`${errors.last.name}: ${errors.last.message}`}</code>{' '}
      <span className="muted">
        <RelativeTime ms={errors.last.at} />
      </span>
    </p>
  );
}

/** Whether a list row counts as failing (the "failing" filter chip). */
export const isFailing = (x: { errors?: ErrorCounts }) => (x.errors?.count ?? 0) > 0;
