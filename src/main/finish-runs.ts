import type { Deployments } from './engine/deployments/deployments';
import type { Logger } from './logger';

/** How long a stop waits for the runs already accepted (a webhook's 200 said they would run). */
export const FINISH_RUNS_MS = 10_000;

/**
 * The stop's wait for accepted work: the HTTP server has stopped accepting, the runners and the
 * stores are still there, so the runs waiting or running finish and are stored. A run still
 * going after `withinMs` is cut off by the stop (and said on the log).
 */
export async function finishRuns(deployments: Deployments, logger: Logger, withinMs = FINISH_RUNS_MS): Promise<void> {
  const pending = deployments.pending;
  if (pending === 0) return;
  logger.info(`finishing ${pending} accepted run${pending === 1 ? '' : 's'} before stopping (at most ${withinMs / 1000} s)`);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), withinMs)));
  const done = await Promise.race([deployments.drain().then(() => 'done' as const), late]);
  clearTimeout(timer);
  if (done === 'late') logger.warn(`stopped with ${deployments.pending} run(s) unfinished after ${withinMs / 1000} s; their events are lost`);
}
