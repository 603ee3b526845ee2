// The port an invocation's outcome is committed to: its emits and db changes together, as one
// write. The service's EventStore (the file journal) is one; runnel/testing's in-memory log
// (memory-emit-log.ts) is another; a shared backend will be a third.
import type { CommitInput, StoredEvent } from '../../store/emitter-state';

export type { CommitInput, StoredEvent };

/** Commits one invocation's events (through `select`, the dedupe decision) and db changes atomically. */
export interface EmitLog {
  commit(emitterId: string, input: CommitInput): Promise<StoredEvent[]>;
}
