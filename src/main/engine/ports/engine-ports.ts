// Everything the engine needs of a backend, in one place: a second backend (several processes
// on several machines sharing one state) provides these and nothing in engine/ changes.
import type { DataStoreBackend } from './data-stores';
import type { EventLog } from './event-log';
import type { PausedRunStore } from './paused-runs';
import type { RunQueueFactory } from './run-queue';
import type { TimerScheduler } from './timers';

export interface EnginePorts {
  /** Events, `db` and dedupe state, committed atomically per invocation. */
  events: EventLog;
  dataStores: DataStoreBackend;
  /** One FIFO per deployment. */
  queues: RunQueueFactory;
  timers: TimerScheduler;
  /** Paused runs, each stored until it has gone on. */
  pausedRuns: PausedRunStore;
}
