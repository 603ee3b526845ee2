// Paused runs as the engine keeps them (a port): each record is written before its URLs can be
// used and kept until its run has gone on, so a restart loses no paused run. Embedded backend:
// store/paused-runs.ts (one file per run under the data dir).
import type { PausedRecord } from '../../domain/flow';

export interface PausedRunStore {
  /** Every stored record, as read at open. */
  all(): PausedRecord[];
  /** Writes (or replaces) a run's record durably. */
  put(record: PausedRecord): Promise<void>;
  /** Drops a run's record (no error when there is none). */
  remove(runId: string): Promise<void>;
}

/** Paused runs kept in memory only (in-process engine tests; nothing survives a restart). */
export function memoryPausedRuns(): PausedRunStore {
  const records = new Map<string, PausedRecord>();
  return {
    all: () => [...records.values()],
    put: async (r) => void records.set(r.runId, r),
    remove: async (id) => void records.delete(id),
  };
}
