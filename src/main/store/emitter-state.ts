import { compareEventIds, formatEventId, parseEventId, type EventIdParts } from '../../shared/ids';
import { applyEmitted, emptyDedupe, type DedupeState } from '../engine/ports/dedupe-state';
import { applyDbChangesInPlace } from '../engine/ports/db-changes';
import type { JournalFile } from './journal-file';
import { isKeptTrigger, TriggerRing } from './kept-triggers';
import type { DbChanges } from '../domain/invocations';
import type { KeptTrigger, StoredEvent } from '../domain/events';
import type { CommitInput } from '../engine/ports/emit-log';

// The journal's records: a snapshot (first line after a compaction), commits and deletions.
export interface Snapshot {
  t: 's';
  channels: Record<string, StoredEvent[]>;
  db: Record<string, unknown>;
  dedupe: DedupeState;
  last: string | null;
  /** Kept trigger inputs, oldest first (absent in journals written before they were kept). */
  triggers?: KeptTrigger[];
}
export interface CommitRecord {
  t: 'c';
  ev: StoredEvent[];
  db?: DbChanges;
  tr?: KeptTrigger;
}
/** Trigger inputs journaled after the events they produced (see EventStore.writePending). */
export interface KeptTriggersRecord {
  t: 'k';
  tr: KeptTrigger[];
}
export interface DeleteRecord {
  t: 'd';
  ch?: string;
  from?: string;
  to?: string;
}
export type JournalRecord = Snapshot | CommitRecord | KeptTriggersRecord | DeleteRecord;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEvent = (e: unknown): boolean => isObject(e) && typeof e.id === 'string' && parseEventId(e.id) !== undefined && typeof e.ch === 'string';

/** Whether a parsed journal line has the shape of a record (a line that does not is damage). */
export function isJournalRecord(r: unknown): r is JournalRecord {
  if (!isObject(r)) return false;
  if (r.t === 'c') return Array.isArray(r.ev) && r.ev.every(isEvent) && (r.db === undefined || isObject(r.db)) && (r.tr === undefined || isKeptTrigger(r.tr));
  if (r.t === 's') {
    return isObject(r.channels) && Object.values(r.channels).every((l) => Array.isArray(l) && l.every(isEvent)) && isObject(r.db) && isObject(r.dedupe);
  }
  if (r.t === 'k') return Array.isArray(r.tr) && r.tr.every(isKeptTrigger);
  return r.t === 'd';
}

/**
 * How far a channel's list may run past the retention before it is cut back: cutting the
 * oldest event off a long array moves all the others, so it is done in steps, not per event.
 */
function trimSlack(retention: number): number {
  return Math.max(16, Math.ceil(retention / 8));
}

/** Everything kept for one emitter (a source, a workflow): its events, db and dedupe cache. */
export class EmitterState {
  /** Oldest first; each may hold up to `trimSlack` events past the retention (see `channel`). */
  private readonly lists = new Map<string, StoredEvent[]>();
  /** The retention the last record was applied with. */
  private retention = Infinity;
  db: Record<string, unknown> = {};
  dedupe: DedupeState = emptyDedupe();
  last: EventIdParts | null = null;
  /** What started its recent invocations (see kept-triggers.ts). */
  readonly triggers = new TriggerRing();
  snapshotBytes = 0;
  /** Items (events, kept inputs) the last snapshot held, and records written since it. */
  snapshotItems = 0;
  recordsSinceSnapshot = 0;
  /** Serialises every write of this emitter. */
  queue: Promise<unknown> = Promise.resolve();
  /**
   * Kept in the ring but not yet journaled, oldest first (written by a timer: see
   * EventStore.writePending); at most the ring's size.
   */
  unsavedTriggers: KeptTrigger[] = [];
  triggerFlush: NodeJS.Timeout | undefined;
  /** Its journal is being removed: nothing is written for it any more. */
  dropped = false;
  /** Inputs journaled with their events since `since` (epoch ms). */
  inlineTriggers = { since: 0, count: 0 };
  /** Commits waiting for the next write. */
  pending: { input: CommitInput; resolve(v: StoredEvent[]): void; reject(e: unknown): void }[] = [];

  constructor(readonly journal: JournalFile) {}

  /** The retained events of one channel, oldest first. */
  channel(ch: string): StoredEvent[] {
    const list = this.lists.get(ch) ?? [];
    return list.length > this.retention ? list.slice(list.length - this.retention) : list;
  }

  /** The retained events of every channel, by channel. */
  get channels(): Map<string, StoredEvent[]> {
    return new Map([...this.lists.keys()].map((ch) => [ch, this.channel(ch)]));
  }

  apply(record: JournalRecord, retention: number): void {
    this.retention = retention;
    if (record.t === 's') {
      this.lists.clear();
      for (const [ch, list] of Object.entries(record.channels)) this.lists.set(ch, [...list]);
      this.db = record.db;
      this.dedupe = record.dedupe;
      this.last = record.last ? (parseEventId(record.last) ?? null) : null;
      this.triggers.reset(record.triggers);
    } else if (record.t === 'c') {
      if (record.tr) this.triggers.add(record.tr, retention);
      for (const e of record.ev) this.addEvent(e, retention);
      if (record.db) applyDbChangesInPlace(this.db, record.db);
    } else if (record.t === 'k') {
      for (const t of record.tr) this.triggers.add(t, retention);
    } else if (record.t === 'd') {
      this.deleteEvents(record);
    }
  }

  addEvent(e: StoredEvent, retention: number): void {
    // Every id here was made by the store or checked on load (isEvent): no regex on the hot path.
    const dash = e.id.indexOf('-');
    const id = { ms: Number(e.id.slice(0, dash)), seq: Number(e.id.slice(dash + 1)) };
    // Ids only grow. One that does not is a replay of what is already here (recovery from a
    // previous generation overlapping the journal): keep the first copy.
    if (this.last && compareEventIds(id, this.last) <= 0) return;
    let list = this.lists.get(e.ch);
    if (!list) this.lists.set(e.ch, (list = []));
    list.push(e);
    if (list.length > retention + trimSlack(retention)) list.splice(0, list.length - retention);
    this.dedupe = applyEmitted(this.dedupe, e.did);
    this.last = id;
  }

  deleteEvents(d: DeleteRecord): void {
    // Deleting every event deletes what produced them too (the requests may hold personal data).
    if (d.ch === undefined && !d.from && !d.to) this.triggers.reset();
    const from = d.from ? parseEventId(d.from) : undefined;
    const to = d.to ? parseEventId(d.to) : undefined;
    for (const [ch, list] of this.lists) {
      if (d.ch !== undefined && d.ch !== ch) continue;
      const kept = list.filter((e) => {
        const id = parseEventId(e.id)!;
        const afterFrom = !from || compareEventIds(id, from) >= 0;
        const beforeTo = !to || compareEventIds(id, to) <= 0;
        return !(afterFrom && beforeTo);
      });
      this.lists.set(ch, kept);
    }
  }

  /** How many events are retained, over every channel. */
  get eventCount(): number {
    let n = 0;
    for (const list of this.lists.values()) n += Math.min(list.length, this.retention);
    return n;
  }

  snapshot(): Snapshot {
    return {
      t: 's',
      channels: Object.fromEntries(this.channels),
      db: this.db,
      dedupe: this.dedupe,
      last: this.last ? formatEventId(this.last) : null,
      triggers: this.triggers.retained(this.retention),
    };
  }
}
