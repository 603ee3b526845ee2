// What starts a run of a deployment (a source or a workflow), whatever the trigger. Plain
// types: the triggers produce them, the kinds consume them.
import type { Continuation } from './flow';
import type { HttpResponseSpec } from './invocations';

/** Which trigger started a run (a workflow's `context.source_type`). */
/** `resume`: a paused run going on (`$.flow.delay` / `suspend` / `rerun`). */
export type TriggerKind = 'http' | 'timer' | 'manual' | 'source' | 'subscription' | 'resume';

/** One run to make: its event, where it came from, and who waits for an HTTP answer. */
export interface TriggerInput {
  event: unknown;
  sourceType: TriggerKind;
  /** Subscription deliveries that led here (0 for a direct trigger). */
  hops: number;
  /** The emitter whose event a subscription delivered. */
  emitterId?: string;
  /** Rough size in bytes (a webhook body), so a batch stays small enough to send at once. */
  size?: number;
  /** When the run starts on the deployment's virtual clock (a timer's due time), epoch ms; default: now there. */
  at?: number;
  /** A replay (POST …/runs/replay): the id of the run whose event this one runs again. */
  replayOf?: string;
  /** Set when this run carries a paused run on instead of starting one. */
  continuation?: Continuation;
  /** Set while an HTTP caller waits for respond() / $.respond. */
  onRespond?(response: HttpResponseSpec): void;
}
