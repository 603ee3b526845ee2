// One run of a source as its queue holds it, and what became of it.
import type { HttpResponseSpec, InvokeOutcome } from '../domain/invocations';
import type { KeptTrigger, StoredEvent } from '../domain/events';

/** One `run` waiting in a source's queue. */
export interface RunRequest {
  event: unknown;
  onRespond?(response: HttpResponseSpec): void;
  /** Rough size in bytes (a webhook body), so a batch stays small enough to send at once. */
  size: number;
  /** What started it, kept with its events (absent: nothing is kept). */
  trigger?: KeptTrigger;
}

export interface RunOutcome {
  outcome: InvokeOutcome;
  stored: StoredEvent[];
  deduped: number;
  /** Set when the outcome could not be stored (a full disk): the run failed, nothing of it was kept. */
  failed?: unknown;
}
