// When and how an emitter's journal is rewritten as one snapshot, so that a write's cost never
// depends on how much history there is (EventStore calls it after each write and deletion).
import type { Logger } from '../logger';
import type { EmitterState } from './emitter-state';
import { errorCode } from './store-fs';
import type { StoreHealth } from './store-health';

/** A journal this large is compacted whatever else holds (see maybeCompact). */
const MAX_UNCOMPACTED_BYTES = 64 * 1024 * 1024;

export interface CompactionOptions {
  /** Compaction runs once the journal has grown past this and twice its last snapshot. */
  minBytes: number;
  health: StoreHealth;
  logger: Logger;
}

/**
 * Rewrites a grown journal as one snapshot, keeping the replaced generation as `.bak`. A
 * compaction that fails (a full disk) changes nothing: the journal stays whole and the next
 * write tries again.
 */
export async function maybeCompact(s: EmitterState, emitterId: string, o: CompactionOptions): Promise<void> {
  if (s.journal.size < Math.max(o.minBytes, 2 * s.snapshotBytes)) return;
  // Not before as many records were written as the snapshot holds items, so that compaction
  // costs each record at most one more encoding: a record that also keeps a large trigger
  // input (a webhook request) grows the journal far faster than its event grows the snapshot.
  if (s.recordsSinceSnapshot < s.snapshotItems && s.journal.size < MAX_UNCOMPACTED_BYTES) return;
  try {
    const snapshot = s.snapshot();
    await s.journal.rewrite([snapshot], { keepPrevious: true });
    // The snapshot holds the ring, unsaved inputs included.
    s.unsavedTriggers = [];
    s.snapshotItems = s.eventCount + (snapshot.triggers?.length ?? 0);
    s.recordsSinceSnapshot = 0;
  } catch (err) {
    o.health.failed(err, `the compaction of ${emitterId}'s journal`);
    o.logger.warn(`store: compaction of ${s.journal.path} failed (${errorCode(err) ?? String(err)}); the journal is unchanged`);
    return;
  }
  s.snapshotBytes = s.journal.size;
}
