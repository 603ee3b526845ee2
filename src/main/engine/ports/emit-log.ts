// The port an invocation's outcome is committed to: its emits and db changes together, as one
// write. The service's EventStore (the file journal) is one; runnel/testing's in-memory log
// (invocation/memory-emit-log.ts) is another; a shared backend will be a third.
import type { DbChanges } from '../../domain/invocations';
import type { KeptTrigger, PendingEvent, StoredEvent } from '../../domain/events';
import type { DedupeState } from './dedupe-state';

export type { StoredEvent };

/** One commit: an invocation's events and db changes, written together. */
export interface CommitInput {
  events: PendingEvent[];
  db?: DbChanges;
  /** Chooses which events are emitted, given the dedupe state; runs inside the commit. */
  select?: (events: PendingEvent[], dedupe: DedupeState) => PendingEvent[];
  /** What started the invocation: kept with its events (which carry its id), even when it emitted none. */
  trigger?: KeptTrigger;
}

/** Commits one invocation's events (through `select`, the dedupe decision) and db changes atomically. */
export interface EmitLog {
  commit(emitterId: string, input: CommitInput): Promise<StoredEvent[]>;
}
