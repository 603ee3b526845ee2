// Auto-retry of a failed workflow step, as the hosted service does it: the run pauses and the
// failed step runs again later, up to 8 times over about 10 hours with exponential backoff —
// never after a timeout or running out of memory (those would only fail again the same way).
import type { SerializedError } from '../../domain/invocations';

export const MAX_RETRIES = 8;
/** 2.5 min, doubling: 2.5, 5, 10, 20, 40, 80, 160, 320 min — about 10.6 hours in all. */
const FIRST_DELAY_MS = 150_000;
const NOT_RETRIED = new Set(['TimeoutError', 'OutOfMemoryError']);

/** How long before retry number `retry` (1 … MAX_RETRIES). */
export function retryDelayMs(retry: number): number {
  return FIRST_DELAY_MS * 2 ** (retry - 1);
}

/** Whether a step that failed with `error` on attempt `runs` (1 = the first try) is tried again. */
export function retries(error: SerializedError, runs: number): boolean {
  return runs <= MAX_RETRIES && !NOT_RETRIED.has(error.name);
}

/**
 * The failed step's `$attempt` and `$summary` exports, as hosted; the summary is also the
 * step's `summary`, where a step's own `$.export("$summary", …)` goes.
 */
export function attemptExports(error: SerializedError, runs: number, resumeAt: number, urls: { resume_url: string; cancel_url: string }) {
  const resume_ts = new Date(resumeAt).toISOString();
  const $summary = `Attempt ${runs} failed (${error.name}: ${error.message}); retry ${runs} of ${MAX_RETRIES} at ${resume_ts}`;
  return {
    $attempt: { error: { name: error.name, message: error.message }, cancel_url: urls.cancel_url, rerun_url: urls.resume_url, resume_ts, attempt: runs },
    $summary,
  };
}
