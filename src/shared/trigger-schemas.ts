// REST shapes of trigger inputs: a deployment's test event, and a re-run of an event's original input.
import { z } from 'zod';

/** `GET …/test_event`: what a manual run is pre-filled with, and where it came from. */
export const testEvent = z.object({
  event: z.unknown(),
  /** `last_trigger`: the input of the newest real trigger (never a manual run); `sample`: none was kept. */
  from: z.enum(['last_trigger', 'sample']),
  trigger_id: z.string().nullable(),
  /** When that trigger came, epoch ms (absent for a sample). */
  ts: z.number().optional(),
});
export type TestEvent = z.infer<typeof testEvent>;

/** `GET …/events/{event_id}/input`: the input of the invocation that emitted an event. */
export const triggerInput = z.object({
  trigger_id: z.string(),
  kind: z.enum(['http', 'timer', 'manual', 'subscription']),
  ts: z.number(),
  event: z.unknown(),
});
export type TriggerInputView = z.infer<typeof triggerInput>;

/** `POST …/events/{event_id}/rerun`: an edited input in place of the original (optional). */
export const rerunEventBody = z.object({ event: z.unknown().optional() });
