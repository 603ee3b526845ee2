import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { compareEventIds, formatEventId, parseEventId, type EventIdParts } from '../../shared/ids';
import type { Clock } from '../scheduler/clock';
import type { Logger } from '../logger';
import { JournalFile } from './journal-file';
import { applyEmitted, emptyDedupe, type DedupeState } from './dedupe-state';

/** An event as kept on disk and in memory. */
export interface StoredEvent {
  id: string;
  /** Indexed-at time, epoch ms (the first half of `id`). */
  ms: number;
  /** Channel; '' is the default channel. */
  ch: string;
  emit_id: string;
  sum?: string;
  /** The `ts` given at emit, epoch ms. */
  ts?: number;
  /** The dedupe id given at emit, as a string. */
  did?: string;
  /** How many subscription deliveries led to this event (0 or absent for a source's own). */
  hops?: number;
  ev: unknown;
}

/** An event about to be committed; the store gives it its id and time. */
export type PendingEvent = Omit<StoredEvent, 'id' | 'ms'>;

export interface DbChanges {
  set: Record<string, unknown>;
  del: string[];
}

export interface CommitInput {
  events: PendingEvent[];
  db?: DbChanges;
  /** Chooses which events are emitted, given the dedupe state; runs inside the commit. */
  select?: (events: PendingEvent[], dedupe: DedupeState) => PendingEvent[];
}

interface Snapshot {
  t: 's';
  channels: Record<string, StoredEvent[]>;
  db: Record<string, unknown>;
  dedupe: DedupeState;
  last: string | null;
}
interface CommitRecord {
  t: 'c';
  ev: StoredEvent[];
  db?: DbChanges;
}
interface DeleteRecord {
  t: 'd';
  ch?: string;
  from?: string;
  to?: string;
}
type JournalRecord = Snapshot | CommitRecord | DeleteRecord;

export interface ListOptions {
  channel: string;
  limit: number;
  before?: EventIdParts;
  after?: EventIdParts;
}

/** Everything kept for one emitter (a source, later a workflow): its events, db and dedupe cache. */
class EmitterState {
  channels = new Map<string, StoredEvent[]>();
  db: Record<string, unknown> = {};
  dedupe: DedupeState = emptyDedupe();
  last: EventIdParts | null = null;
  snapshotBytes = 0;
  /** Serialises every write of this emitter. */
  queue: Promise<unknown> = Promise.resolve();
  /** Commits waiting for the next write. */
  pending: { input: CommitInput; resolve(v: StoredEvent[]): void; reject(e: unknown): void }[] = [];

  constructor(readonly journal: JournalFile) {}

  apply(record: JournalRecord, retention: number): void {
    if (record.t === 's') {
      this.channels = new Map(Object.entries(record.channels));
      this.db = record.db;
      this.dedupe = record.dedupe;
      this.last = record.last ? (parseEventId(record.last) ?? null) : null;
    } else if (record.t === 'c') {
      for (const e of record.ev) this.addEvent(e, retention);
      if (record.db) applyDbChanges(this.db, record.db);
    } else if (record.t === 'd') {
      this.deleteEvents(record);
    }
  }

  addEvent(e: StoredEvent, retention: number): void {
    const list = this.channels.get(e.ch) ?? [];
    list.push(e);
    if (list.length > retention) list.splice(0, list.length - retention);
    this.channels.set(e.ch, list);
    this.dedupe = applyEmitted(this.dedupe, e.did);
    this.last = parseEventId(e.id) ?? this.last;
  }

  deleteEvents(d: DeleteRecord): void {
    const from = d.from ? parseEventId(d.from) : undefined;
    const to = d.to ? parseEventId(d.to) : undefined;
    for (const [ch, list] of this.channels) {
      if (d.ch !== undefined && d.ch !== ch) continue;
      const kept = list.filter((e) => {
        const id = parseEventId(e.id)!;
        const afterFrom = !from || compareEventIds(id, from) >= 0;
        const beforeTo = !to || compareEventIds(id, to) <= 0;
        return !(afterFrom && beforeTo);
      });
      this.channels.set(ch, kept);
    }
  }

  snapshot(): Snapshot {
    return {
      t: 's',
      channels: Object.fromEntries(this.channels),
      db: this.db,
      dedupe: this.dedupe,
      last: this.last ? formatEventId(this.last) : null,
    };
  }
}

function applyDbChanges(db: Record<string, unknown>, changes: DbChanges): void {
  for (const [k, v] of Object.entries(changes.set)) db[k] = v;
  for (const k of changes.del) delete db[k];
}

export interface EventStoreOptions {
  dir: string;
  clock: Clock;
  logger: Logger;
  retention: () => number;
  /** Compaction runs once the journal has grown past this and twice its last snapshot. */
  compactBytes?: number;
}

/**
 * Durable, bounded event logs: one journal file per emitter. A commit (events + db changes)
 * is one appended line, so it lands whole or not at all; the write has completed before the
 * caller publishes the events. The journal is compacted into a snapshot when it has grown,
 * so a write's cost never depends on how much history there is.
 */
export class EventStore {
  private readonly emitters = new Map<string, EmitterState>();
  private readonly compactBytes: number;

  constructor(private readonly opts: EventStoreOptions) {
    this.compactBytes = opts.compactBytes ?? 256 * 1024;
  }

  /** Loads every emitter's journal found in the directory. */
  async openAll(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(this.opts.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const name of names) {
      if (name.endsWith('.jsonl')) await this.load(name.slice(0, -'.jsonl'.length));
    }
  }

  has(emitterId: string): boolean {
    return this.emitters.has(emitterId);
  }

  private async load(emitterId: string): Promise<EmitterState> {
    const journal = new JournalFile(join(this.opts.dir, `${emitterId}.jsonl`));
    const state = new EmitterState(journal);
    const { records, corruptLines } = await journal.load();
    if (corruptLines > 0) {
      this.opts.logger.error(`event log of ${emitterId}: ${corruptLines} corrupt line(s) skipped`);
    }
    const retention = this.opts.retention();
    for (const r of records) state.apply(r as JournalRecord, retention);
    this.emitters.set(emitterId, state);
    return state;
  }

  private state(emitterId: string): EmitterState {
    let s = this.emitters.get(emitterId);
    if (!s) {
      s = new EmitterState(new JournalFile(join(this.opts.dir, `${emitterId}.jsonl`)));
      this.emitters.set(emitterId, s);
    }
    return s;
  }

  private enqueue<T>(s: EmitterState, task: () => Promise<T>): Promise<T> {
    const run = s.queue.then(task, task);
    s.queue = run.catch(() => undefined);
    return run;
  }

  /** Commits an invocation's emits and db changes together; resolves to the stored events. */
  commit(emitterId: string, input: CommitInput): Promise<StoredEvent[]> {
    const s = this.state(emitterId);
    return new Promise((resolve, reject) => {
      s.pending.push({ input, resolve, reject });
      // Commits that arrive while a write is under way share the next write (group commit).
      if (s.pending.length === 1) void this.enqueue(s, () => this.writePending(s));
    });
  }

  private async writePending(s: EmitterState): Promise<void> {
    const group = s.pending.splice(0);
    const records: CommitRecord[] = [];
    const results: StoredEvent[][] = [];
    const before = { last: s.last, dedupe: s.dedupe };
    try {
      const now = this.opts.clock.now();
      for (const { input } of group) {
        const chosen = input.select ? input.select(input.events, s.dedupe) : input.events;
        const stored: StoredEvent[] = chosen.map((e) => {
          const ms = Math.max(now, s.last?.ms ?? 0);
          const seq = s.last && s.last.ms === ms ? s.last.seq + 1 : 0;
          s.last = { ms, seq };
          // Later commits of the group decide dedupe on the state this one leaves.
          s.dedupe = applyEmitted(s.dedupe, e.did);
          return { ...e, id: formatEventId(s.last), ms };
        });
        results.push(stored);
        const hasDb = input.db && (Object.keys(input.db.set).length > 0 || input.db.del.length > 0);
        if (stored.length === 0 && !hasDb) continue;
        records.push({ t: 'c', ev: stored, ...(hasDb ? { db: input.db } : {}) });
      }
      // apply() below moves last/dedupe for real, once the write has completed.
      s.last = before.last;
      s.dedupe = before.dedupe;
      await s.journal.append(records);
      for (const r of records) s.apply(r, this.opts.retention());
      await this.maybeCompact(s);
    } catch (err) {
      s.last = before.last;
      s.dedupe = before.dedupe;
      for (const g of group) g.reject(err);
      return;
    }
    group.forEach((g, i) => g.resolve(results[i]));
  }

  deleteEvents(emitterId: string, range: { channel?: string; from?: string; to?: string }): Promise<void> {
    const s = this.state(emitterId);
    return this.enqueue(s, async () => {
      const record: DeleteRecord = { t: 'd', ch: range.channel, from: range.from, to: range.to };
      await s.journal.append([record]);
      s.apply(record, this.opts.retention());
      await this.maybeCompact(s);
    });
  }

  private async maybeCompact(s: EmitterState): Promise<void> {
    if (s.journal.size < Math.max(this.compactBytes, 2 * s.snapshotBytes)) return;
    const snap = s.snapshot();
    await s.journal.rewrite([snap]);
    s.snapshotBytes = s.journal.size;
  }

  /** Newest first, within the retained window of one channel. */
  list(emitterId: string, opts: ListOptions): { events: StoredEvent[]; total: number } {
    const all = this.emitters.get(emitterId)?.channels.get(opts.channel) ?? [];
    let lo = 0;
    let hi = all.length; // all[lo..hi) are candidates, oldest to newest
    if (opts.before) hi = all.findIndex((e) => compareEventIds(parseEventId(e.id)!, opts.before!) >= 0);
    if (hi === -1) hi = all.length;
    if (opts.after) {
      const i = all.findIndex((e) => compareEventIds(parseEventId(e.id)!, opts.after!) > 0);
      lo = i === -1 ? all.length : i;
    }
    if (lo >= hi) return { events: [], total: all.length };
    // `after` pages towards newer events: take the oldest `limit` past the cursor.
    const window = opts.after && !opts.before ? all.slice(lo, Math.min(hi, lo + opts.limit)) : all.slice(Math.max(lo, hi - opts.limit), hi);
    return { events: window.reverse(), total: all.length };
  }

  /** Every retained event of every channel newer than `after`, oldest first (SSE resume). */
  since(emitterId: string, after: EventIdParts): StoredEvent[] {
    const s = this.emitters.get(emitterId);
    if (!s) return [];
    const out: StoredEvent[] = [];
    for (const list of s.channels.values()) {
      for (const e of list) if (compareEventIds(parseEventId(e.id)!, after) > 0) out.push(e);
    }
    return out.sort((a, b) => compareEventIds(parseEventId(a.id)!, parseEventId(b.id)!));
  }

  lastEventMs(emitterId: string): number | null {
    return this.emitters.get(emitterId)?.last?.ms ?? null;
  }

  db(emitterId: string): Record<string, unknown> {
    return structuredClone(this.emitters.get(emitterId)?.db ?? {});
  }

  /** Forgets an emitter and removes its journal. */
  async drop(emitterId: string): Promise<void> {
    const s = this.emitters.get(emitterId);
    if (!s) return;
    await this.enqueue(s, async () => {
      await s.journal.close();
      await rm(s.journal.path, { force: true });
    });
    this.emitters.delete(emitterId);
  }

  async close(): Promise<void> {
    for (const s of this.emitters.values()) {
      await s.queue;
      await s.journal.close();
    }
  }
}
