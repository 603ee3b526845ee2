// What a "test event" is pre-filled with when a deployment has never been triggered: the shape
// its real trigger would give (a timer's is engine/props/timer-config.ts's timerEvent), so code that reads `event.body.name` (or
// `steps.trigger.event.body.name`) runs instead of throwing on `undefined`.
import { httpEventOf } from './http-event';

/** A sample HTTP request as an HTTP trigger hands it to `run(event)`: a JSON POST to the endpoint. */
export function sampleHttpEvent(endpointUrl: string, clientIp = '127.0.0.1'): Record<string, unknown> {
  const bodyRaw = JSON.stringify({ name: 'Ada' });
  return httpEventOf({
    method: 'POST',
    url: new URL(endpointUrl).toString(),
    path: '/',
    headers: { 'content-type': 'application/json', 'content-length': String(bodyRaw.length), 'user-agent': 'runnel-test-event' },
    bodyRaw,
    clientIp,
  });
}
