import type { StoreWarning } from '../../shared/resources';
import type { Logger } from '../logger';
import type { Clock } from '../scheduler/clock';
import { isDiskFull, storageFullError } from './store-fs';

export type { StoreWarning };

/**
 * What the store knows about its own health: damage found and repaired at open (reported
 * once on stderr and kept for `GET /v1/system`), and whether the disk is full right now.
 * "Full" starts with a write that failed for lack of space and ends with the next write of
 * events or documents that succeeds.
 */
export class StoreHealth {
  private readonly found: StoreWarning[] = [];
  private fullSince: number | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** Reports damage: one log line naming the file, the problem and what was done. */
  warn(file: string, problem: string, action: string): void {
    this.found.push({ file, problem, action, at: this.clock.now() });
    this.logger.warn(`store: ${file}: ${problem}; ${action}`);
  }

  get warnings(): readonly StoreWarning[] {
    return this.found;
  }

  get full(): boolean {
    return this.fullSince !== null;
  }

  wroteOk(): void {
    if (this.fullSince === null) return;
    this.fullSince = null;
    this.logger.info('store: writes succeed again (the disk has room)');
  }

  /** The error to report for a failed write of `what`: a full disk becomes `storage_full`. */
  failed(err: unknown, what: string): unknown {
    if (!isDiskFull(err)) return err;
    if (this.fullSince === null) {
      this.fullSince = this.clock.now();
      this.logger.error(`store: the disk is full; writes fail until there is room again (first: ${what})`, err);
    }
    return storageFullError(what);
  }
}
