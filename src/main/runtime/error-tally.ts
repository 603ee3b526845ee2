// How often a deployment failed and what the last failure said: what lists show so a failing
// source never looks healthy (issue 18, item 5).
import type { ErrorCounts } from '../../shared/resources';
import type { BoundedLists } from '../store/bounded-lists';

/** One failure as kept on disk; `count` is the running total up to and including it. */
export interface ErrorRecord {
  at: number;
  name: string;
  message: string;
  count: number;
}

/** Counts failed runs per deployment, kept in the data dir (a few records per deployment). */
export class ErrorTally {
  constructor(
    private readonly lists: BoundedLists<ErrorRecord>,
    /** After a failure is counted (the deployment's REST view changed). */
    private readonly onRecorded: (id: string) => void = () => {},
  ) {}

  record(id: string, at: number, error: { name: string; message: string }): void {
    const count = this.counts(id).count + 1;
    this.lists.append(id, { at, name: error.name, message: error.message.slice(0, 1000), count });
    this.onRecorded(id);
  }

  counts(id: string): ErrorCounts {
    const last = this.lists.list(id).at(-1);
    return last ? { count: last.count, last: { at: last.at, name: last.name, message: last.message } } : { count: 0, last: null };
  }

  drop(id: string): Promise<void> {
    return this.lists.drop(id);
  }
}
