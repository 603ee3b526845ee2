// What starts a run of a deployment (a source or a workflow), whatever the trigger. Plain
// types: the triggers produce them, the kinds consume them.
import type { HttpResponseSpec } from './invocations';

/** Which trigger started a run (a workflow's `context.source_type`). */
export type TriggerKind = 'http' | 'timer' | 'manual' | 'source' | 'subscription';

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
  /** Set while an HTTP caller waits for respond() / $.respond. */
  onRespond?(response: HttpResponseSpec): void;
}
