// An EmitLog (ports/emit-log.ts) kept in memory: what runnel/testing commits a test component's
// invocations to, so that the harness goes through the very commit the service uses (commit.ts)
// instead of a copy.
import { applyEmitted, emptyDedupe, type DedupeState } from '../ports/dedupe-state';
import { applyDbChanges } from '../ports/db-changes';
import type { CommitInput, EmitLog, StoredEvent } from '../ports/emit-log';

interface Emitter {
  db: Record<string, unknown>;
  dedupe: DedupeState;
  seq: number;
}

export class MemoryEmitLog implements EmitLog {
  private readonly emitters = new Map<string, Emitter>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The emitter's `$.service.db` as the commits left it. */
  db(emitterId: string): Record<string, unknown> {
    return structuredClone(this.emitter(emitterId).db);
  }

  /** Starts an emitter with `db` (a test's seeded state). */
  seed(emitterId: string, db: Record<string, unknown>): void {
    this.emitter(emitterId).db = structuredClone(db);
  }

  async commit(emitterId: string, input: CommitInput): Promise<StoredEvent[]> {
    const e = this.emitter(emitterId);
    const chosen = input.select ? input.select(input.events, e.dedupe) : input.events;
    const ms = this.now();
    const stored = chosen.map((ev) => {
      e.dedupe = applyEmitted(e.dedupe, ev.did);
      return { ...ev, id: `${ms}-${e.seq++}`, ms };
    });
    if (input.db) e.db = applyDbChanges(e.db, input.db);
    return stored;
  }

  private emitter(id: string): Emitter {
    let e = this.emitters.get(id);
    if (!e) this.emitters.set(id, (e = { db: {}, dedupe: emptyDedupe(), seq: 0 }));
    return e;
  }
}
