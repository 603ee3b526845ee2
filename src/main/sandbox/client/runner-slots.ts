// What the pool keeps per runner (its slot), and which idle runner a job goes to.
import type { EndedJob, Job } from './jobs';
import type { RunnerProcess } from './runner-process';

/** Per runner: finished jobs whose late log lines (from leftover timers) are still routed. */
const RECENT_JOBS = 100;
/** Keys remembered per runner, matching the runner's own compartment cache size. */
const CACHED_KEYS = 64;

/** The pool's bookkeeping for one runner. */
export interface Slot {
  job?: Job;
  /** The highest job id given to this runner: it cannot speak of later ones. */
  lastJobId: number;
  deadline?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  recent: Map<number, EndedJob>;
  /** While settling: the job that ended, the instance it ran, and the grace deadline. */
  settling?: { job: Job; instanceId: string | undefined; grace: NodeJS.Timeout };
}

/**
 * The runner for `job`, if one may take it now: one that has the job's code cached, else the
 * most recently used idle one; before either, a runner still settling from the same instance.
 */
export function pickRunner(runners: Map<RunnerProcess, Slot>, job: Job): RunnerProcess | undefined {
  let best: RunnerProcess | undefined;
  let settling: RunnerProcess | undefined;
  for (const [r, slot] of runners) {
    // Waiting for a settling runner's confirmation would cost the same instance's next job a
    // round trip; if its leftovers block, they block that instance's own job.
    if (r.state === 'settling' && job.instanceId !== undefined && slot.settling?.instanceId === job.instanceId) settling ??= r;
    if (r.state !== 'idle') continue;
    if (job.cacheKey && r.cached.has(job.cacheKey)) return r;
    // Otherwise the most recently used: it is warm, and the others get to idle out.
    if (!best || r.idleSince > best.idleSince) best = r;
  }
  return settling ?? best;
}

/** Notes that `runner` now has `key` cached (most recent last, as the runner's own cache). */
export function noteCached(runner: RunnerProcess, key: string): void {
  runner.cached.delete(key);
  runner.cached.add(key);
  if (runner.cached.size > CACHED_KEYS) runner.cached.delete(runner.cached.values().next().value!);
}

/** Keeps what a finished job needs so that its late output still reaches it. */
export function rememberRecent(slot: Slot, job: Job): void {
  slot.recent.set(job.id, job.ended());
  if (slot.recent.size > RECENT_JOBS) slot.recent.delete(slot.recent.keys().next().value!);
}
