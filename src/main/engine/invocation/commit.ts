// The one commit of an invocation, for sources, workflows (`$.send.emit`, `$errors`) and
// runnel/testing alike: emits checked and put in `ts` order (emit-batch), the dedupe strategy
// decided inside the write (so concurrent commits see each other's ids), events and db changes
// in one write, published only after it.
import type { DbChanges, InvokeOutcome } from '../../domain/invocations';
import { selectByDedupe, type DedupeStrategy } from './dedupe';
import { prepareBatch } from './emit-batch';
import type { KeptTrigger } from '../../domain/events';
import type { EmitLog, StoredEvent } from '../ports/emit-log';

export interface CommitResult {
  stored: StoredEvent[];
  /** Emits the dedupe strategy dropped. */
  deduped: number;
}

export interface CommitHooks {
  /** A line for the emitter's log: why an emit was refused. */
  onRefused(line: string): void;
  /** The stored events, once the write has completed. */
  publish?(stored: StoredEvent[]): void;
}

/** Where an invocation came from, as its commit records it. */
export interface InvocationOrigin {
  /** What started the invocation, kept with its events. */
  trigger?: KeptTrigger;
  /** How many subscription deliveries led to it, stored on each event (a workflow's own emits). */
  hops?: number;
}

/** Commits what an invocation emitted and changed (call only for an invocation that was not killed). */
export async function commitInvocation(
  log: EmitLog,
  emitterId: string,
  dedupe: DedupeStrategy | null,
  outcome: Pick<InvokeOutcome, 'emits'> & { db?: DbChanges; ok?: boolean },
  hooks: CommitHooks,
  { trigger, hops }: InvocationOrigin = {},
): Promise<CommitResult> {
  const batch = prepareBatch(outcome.emits, dedupe, hops);
  for (const line of batch.refused) hooks.onRefused(line);
  // Emits of a run that then threw are kept, marked: search counts them as failed.
  const events = outcome.ok === false ? batch.events.map((e) => ({ ...e, fail: true as const })) : batch.events;
  const stored = await log.commit(emitterId, {
    events,
    db: outcome.db,
    select: (events, state) => selectByDedupe(dedupe, events, state),
    ...(trigger ? { trigger } : {}),
  });
  hooks.publish?.(stored);
  return { stored, deduped: batch.events.length - stored.length };
}
