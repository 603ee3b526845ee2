import { basename, join } from 'node:path';
import { formatEventId, type EventIdParts } from '../../shared/ids';
import type { Clock } from '../scheduler/clock';
import type { Logger } from '../logger';
import { JournalFile } from './journal-file';
import { applyEmitted } from '../engine/ports/dedupe-state';
import { EmitterState, isJournalRecord, type CommitRecord, type DeleteRecord, type JournalRecord } from './emitter-state';
import { deferTriggers, keepUnsaved, stopDeferring, takeUnsaved } from './deferred-triggers';
import { errorCode, nodeStoreFs, type StoreFs } from './store-fs';
import { CLEAN_SHUTDOWN, recordCleanShutdown, takeCleanShutdownSizes } from './clean-shutdown';
import { eventsSince, findEvent, listEvents } from './event-queries';
import { StoreHealth } from './store-health';
import { maybeCompact, type CompactionOptions } from './journal-compaction';
import type { KeptTrigger, KeptTriggerKind, StoredEvent } from '../domain/events';
import type { CommitInput } from '../engine/ports/emit-log';
import type { ListOptions } from '../engine/ports/event-log';

export interface EventStoreOptions {
  dir: string;
  clock: Clock;
  logger: Logger;
  retention: () => number;
  /** Compaction runs once the journal has grown past this and twice its last snapshot. */
  compactBytes?: number;
  /** The file-system seam (default node:fs/promises); tests put a full disk here. */
  fs?: StoreFs;
  /** Where damage and a full disk are reported; shared with the other stores. */
  health?: StoreHealth;
}

/**
 * Durable, bounded event logs: one journal file per emitter. A commit (events + db changes)
 * is one appended line, so it lands whole or not at all; the write has completed before the
 * caller publishes the events. The journal is compacted into a snapshot when it has grown,
 * so a write's cost never depends on how much history there is; the generation a compaction
 * replaces is kept as `<id>.jsonl.bak`, which is what a damaged snapshot is recovered from.
 */
export class EventStore {
  private readonly emitters = new Map<string, EmitterState>();
  private readonly compaction: CompactionOptions;
  private readonly fs: StoreFs;
  readonly health: StoreHealth;

  constructor(private readonly opts: EventStoreOptions) {
    this.fs = opts.fs ?? nodeStoreFs;
    this.health = opts.health ?? new StoreHealth(opts.logger, opts.clock);
    this.compaction = { minBytes: opts.compactBytes ?? 256 * 1024, health: this.health, logger: opts.logger };
  }

  /**
   * Loads every emitter's journal found in the directory, repairing damage (see `load`). After
   * a clean shutdown each journal must have the size it was left with; after a crash only a
   * torn last line is expected, and is dropped quietly.
   */
  async openAll(): Promise<void> {
    let names: string[] = [];
    try {
      names = await this.fs.readdir(this.opts.dir);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
    const sizes = names.includes(CLEAN_SHUTDOWN) ? await takeCleanShutdownSizes(this.fs, this.opts.dir, this.opts.logger) : {};
    // Left by a compaction that a crash interrupted before its rename: never a journal.
    for (const name of names) if (name.endsWith('.tmp')) await this.fs.rm(join(this.opts.dir, name));
    const journals = names.filter((n) => n.endsWith('.jsonl'));
    for (const name of journals) await this.load(name.slice(0, -'.jsonl'.length), sizes[name]);
    for (const [name, size] of Object.entries(sizes)) {
      if (!journals.includes(name) && name.endsWith('.jsonl') && size > 0) await this.load(name.slice(0, -'.jsonl'.length), size, true);
    }
  }

  has(emitterId: string): boolean {
    return this.emitters.has(emitterId);
  }

  /**
   * Opens one journal. Damage (see JournalFile.load) is kept aside and reported, never
   * silently dropped: the intact lines are replayed, and when the snapshot at the head is
   * among what was lost (or the journal is gone), the previous generation first.
   */
  private async load(emitterId: string, expectedSize?: number, missing = false): Promise<void> {
    const journal = new JournalFile(this.journalPath(emitterId), this.fs);
    const state = new EmitterState(journal);
    const { records, damage } = await journal.load({ expectedSize, validate: isJournalRecord, now: this.opts.clock.now() });
    let replay = records as JournalRecord[];
    let fromPrevious = false;
    if ((damage || missing) && replay[0]?.t !== 's') {
      const previous = await new JournalFile(journal.previousPath, this.fs).load({ validate: isJournalRecord, now: this.opts.clock.now() });
      fromPrevious = previous.records.length > 0;
      replay = [...(previous.records as JournalRecord[]), ...replay];
    }
    const retention = this.opts.retention();
    for (const r of replay) state.apply(r, retention);
    this.emitters.set(emitterId, state);
    if (!damage && !missing) return;
    // One clean generation again (the .bak is left as it was: it is the good copy).
    if (fromPrevious) await journal.rewrite([state.snapshot()]);
    state.snapshotBytes = journal.size;
    const problems = [
      missing ? 'the journal is missing (it was there at the last clean shutdown)' : '',
      damage?.corruptLines ? `${damage.corruptLines} damaged line(s), the first at line ${damage.firstBadLine}` : '',
      damage?.size ? `${damage.size.found} bytes where the last clean shutdown left ${damage.size.expected} (cut short or overwritten)` : '',
    ];
    const actions = [
      damage ? `kept the damaged file as ${basename(damage.keptAs)}` : '',
      fromPrevious ? `recovered from the previous generation (${basename(journal.previousPath)}) and the journal's intact lines` : '',
      !fromPrevious && missing ? 'no previous copy exists: its events are lost' : '',
      !fromPrevious && damage ? "kept the journal's intact lines" : '',
      `${state.eventCount} event(s) retained`,
    ];
    this.health.warn(journal.path, problems.filter(Boolean).join('; '), actions.filter(Boolean).join('; '));
  }

  private journalPath(emitterId: string): string {
    return join(this.opts.dir, `${emitterId}.jsonl`);
  }

  private state(emitterId: string): EmitterState {
    let s = this.emitters.get(emitterId);
    if (!s) {
      s = new EmitterState(new JournalFile(this.journalPath(emitterId), this.fs));
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
      if (s.pending.length === 1) void this.enqueue(s, () => this.writePending(s, emitterId));
    });
  }

  private async writePending(s: EmitterState, emitterId: string): Promise<void> {
    const group = s.pending.splice(0);
    const records: CommitRecord[] = [];
    const results: StoredEvent[][] = [];
    const before = { last: s.last, dedupe: s.dedupe };
    // Under load, trigger inputs are journaled a moment later (deferred-triggers.ts).
    const now = this.opts.clock.now();
    const defer = deferTriggers(s, group.filter((g) => g.input.trigger).length, now);
    const deferred: KeptTrigger[] = [];
    try {
      for (const { input } of group) {
        const chosen = input.select ? input.select(input.events, s.dedupe) : input.events;
        const stored: StoredEvent[] = [];
        for (const e of chosen) {
          const ms = Math.max(now, s.last?.ms ?? 0);
          const seq = s.last && s.last.ms === ms ? s.last.seq + 1 : 0;
          s.last = { ms, seq };
          // Later commits of the group decide dedupe on the state this one leaves.
          s.dedupe = applyEmitted(s.dedupe, e.did);
          const event: StoredEvent = { ...e, id: formatEventId(s.last), ms };
          if (input.trigger) event.tid = input.trigger.id;
          stored.push(event);
        }
        results.push(stored);
        const tr = defer ? undefined : input.trigger;
        if (defer && input.trigger) deferred.push(input.trigger);
        const hasDb = input.db && (Object.keys(input.db.set).length > 0 || input.db.del.length > 0);
        if (stored.length === 0 && !hasDb && !tr) continue;
        records.push({ t: 'c', ev: stored, ...(hasDb ? { db: input.db } : {}), ...(tr ? { tr } : {}) });
      }
      // apply() below moves last/dedupe for real, once the write has completed.
      s.last = before.last;
      s.dedupe = before.dedupe;
      if (records.length > 0) await s.journal.append(records);
    } catch (err) {
      s.last = before.last;
      s.dedupe = before.dedupe;
      const reported = this.health.failed(err, `the events of ${emitterId}`);
      for (const g of group) g.reject(reported);
      return;
    }
    if (records.length > 0) this.health.wroteOk();
    s.recordsSinceSnapshot += records.length;
    const retention = this.opts.retention();
    for (const r of records) s.apply(r, retention);
    if (deferred.length > 0) keepUnsaved(s, deferred, retention, () => this.enqueue(s, () => this.flushTriggers(s)).catch(() => undefined));
    await maybeCompact(s, emitterId, this.compaction);
    group.forEach((g, i) => g.resolve(results[i]));
  }

  /** Journals the unsaved inputs the ring still keeps, in one record. */
  private async flushTriggers(s: EmitterState): Promise<void> {
    const list = takeUnsaved(s, this.opts.retention());
    if (list.length === 0) return;
    try {
      await s.journal.append([{ t: 'k', tr: list }]);
    } catch (err) {
      // They stay in memory (the next large write schedules another try); the events are safe.
      s.unsavedTriggers = [...list, ...s.unsavedTriggers];
      this.health.failed(err, `the trigger inputs of ${basename(s.journal.path, '.jsonl')}`);
      this.opts.logger.warn(`store: the trigger inputs for ${s.journal.path} were not written (${errorCode(err) ?? String(err)}); they stay in memory`);
      return;
    }
    this.health.wroteOk();
    s.recordsSinceSnapshot++;
  }

  deleteEvents(emitterId: string, range: { channel?: string; from?: string; to?: string }): Promise<void> {
    const s = this.state(emitterId);
    return this.enqueue(s, async () => {
      const record: DeleteRecord = { t: 'd', ch: range.channel, from: range.from, to: range.to };
      try {
        await s.journal.append([record]);
      } catch (err) {
        throw this.health.failed(err, `the deletion of events of ${emitterId}`);
      }
      this.health.wroteOk();
      s.apply(record, this.opts.retention());
      await maybeCompact(s, emitterId, this.compaction);
    });
  }

  /** Newest first, within the retained window of one channel. */
  list(emitterId: string, opts: ListOptions): { events: StoredEvent[]; total: number } {
    return listEvents(this.emitters.get(emitterId), opts);
  }

  /** Every channel's retained events, each oldest first. */
  channels(emitterId: string): Map<string, StoredEvent[]> {
    return this.emitters.get(emitterId)?.channels ?? new Map();
  }

  /** Every retained event of every channel newer than `after`, oldest first (SSE resume). */
  since(emitterId: string, after: EventIdParts): StoredEvent[] {
    return eventsSince(this.emitters.get(emitterId), after);
  }

  /** One retained event by id, whatever its channel. */
  event(emitterId: string, id: string): StoredEvent | undefined {
    return findEvent(this.emitters.get(emitterId), id);
  }

  /** A kept trigger input by id, while it is within the retention. */
  trigger(emitterId: string, id: string): KeptTrigger | undefined {
    return this.emitters.get(emitterId)?.triggers.find(id, this.opts.retention());
  }

  /** The newest kept trigger of one of these kinds. */
  lastTrigger(emitterId: string, kinds: readonly KeptTriggerKind[]): KeptTrigger | undefined {
    return this.emitters.get(emitterId)?.triggers.last(kinds, this.opts.retention());
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
    stopDeferring(s);
    await this.enqueue(s, () => s.journal.remove());
    this.emitters.delete(emitterId);
  }

  /** Waits for every write, then records each journal's size for the next open (see `openAll`). */
  async close(): Promise<void> {
    const sizes: Record<string, number> = {};
    for (const [id, s] of this.emitters) {
      clearTimeout(s.triggerFlush);
      await this.enqueue(s, () => this.flushTriggers(s)).catch(() => undefined);
      await s.queue;
      await s.journal.close();
      if (s.journal.size > 0) sizes[`${id}.jsonl`] = s.journal.size;
    }
    await recordCleanShutdown(this.fs, this.opts.dir, this.opts.logger, sizes);
  }
}
