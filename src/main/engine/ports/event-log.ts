// The event log and deployment state as the engine, the kinds and the services use them (a
// port). The embedded backend is store/EventStore: one journal file per emitter, each commit one
// appended line. A shared backend (several processes on several machines) implements the same
// contract: a commit's events and db changes are one atomic write, the dedupe decision (`select`)
// is taken against the state that write lands on, and readers see a commit only after it.
import type { EventIdParts } from '../../../shared/ids';
import type { KeptTrigger, KeptTriggerKind, StoredEvent } from '../../domain/events';
import type { EmitLog } from './emit-log';

export type { KeptTrigger, KeptTriggerKind, StoredEvent };

/** A page of one channel's events: newest first, or the oldest after `after`. */
export interface ListOptions {
  channel: string;
  limit: number;
  before?: EventIdParts;
  after?: EventIdParts;
}

export interface EventLog extends EmitLog {
  /** The deployment state: an emitter's (a source's or a step's) `db` as last committed. */
  db(emitterId: string): Record<string, unknown>;
  /** The newest events of a channel, in its retention window. */
  list(emitterId: string, opts: ListOptions): { events: StoredEvent[]; total: number };
  /** Every channel's retained events, each oldest first (search reads these; never copy them). */
  channels(emitterId: string): Map<string, StoredEvent[]>;
  /** Events after the one with these id parts (an SSE reader catching up). */
  since(emitterId: string, after: EventIdParts): StoredEvent[];
  lastEventMs(emitterId: string): number | null;
  /** One retained event by id, whatever its channel. */
  event(emitterId: string, id: string): StoredEvent | undefined;
  /** What started an invocation (the id its events carry as `tid`), while it is kept. */
  trigger(emitterId: string, id: string): KeptTrigger | undefined;
  /** The newest kept trigger of one of these kinds. */
  lastTrigger(emitterId: string, kinds: readonly KeptTriggerKind[]): KeptTrigger | undefined;
  deleteEvents(emitterId: string, range: { channel?: string; from?: string; to?: string }): Promise<void>;
  /** Everything of a deleted emitter: events, db, dedupe state. */
  drop(emitterId: string): Promise<void>;
  /** Whether writes are refused (a full disk): triggers answer only once a run is stored. */
  readonly health: { readonly full: boolean };
}
