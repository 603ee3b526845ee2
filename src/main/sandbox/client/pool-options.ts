// What a RunnerPool is made with (runner-pool.ts): where the runner is, how many, their limits
// and deadlines, where they may write.
import type { Logger } from '../../logger';
import type { SandboxLayers } from '../../../shared/resources';
import type { DataStoreHandler } from '../data-store-protocol';

export interface RunnerPoolOptions {
  /** Absolute path of the built runner (out/main/runner.js); the caller resolves it. */
  runnerEntry: string;
  maxRunners?: number;
  /** Runners idle this long are stopped (they restart in ~0.3 s when needed). */
  idleMs?: number;
  /** Per runner, on top of its resident size at start; ArrayBuffers included. Read at each spawn. */
  memoryCapMb?: number | (() => number);
  logger: Logger;
  /** How long a runner may take to report ready. */
  startTimeoutMs?: number;
  /** Deadline for evaluating a component's module in inspect(). */
  inspectTimeoutMs?: number;
  /** Deadline for one configure() call, module evaluation included. */
  configureTimeoutMs?: number;
  /** Carries out components' data store operations (none: they fail with a clear message). */
  dataStores?: DataStoreHandler;
  /**
   * The folder that holds every instance's scratch folder (request.scratchDir is inside it):
   * the only place runners may write.
   */
  scratchRoot: string;
  /** False only for the bench's comparison (RUNNEL_BENCH_ONLY_NO_OS_WALL): runners get SES alone. */
  osWall?: boolean;
  /** Who enforces the memory cap (default: the main process where /proc allows it). */
  memoryWatchdog?: SandboxLayers['memory_watchdog'];
  /** The npm packages the runner entry imports (default: the JavaScript runner's, `ses`). */
  runnerPackages?: readonly string[];
  /** False: runners get no access to the scratch root (the Python runner's files are in memory). */
  scratchAccess?: boolean;
  /** How long a runner may take to confirm it is idle after a job before it is replaced. */
  idleGraceMs?: number;
}

/** Default of `idleGraceMs`: a turn of an idle runner's event loop takes well under 1 ms. */
export const IDLE_GRACE_MS = 1000;
