// The shapes a test event is pre-filled with before a deployment's first real trigger.
import { describe, expect, it } from 'vitest';
import { timerEvent } from '../../../src/main/engine/props/timer-config';
import { sampleHttpEvent } from '../../../src/main/runtime/sample-events';

describe('sample test events', () => {
  it('an HTTP one is a JSON POST to the endpoint, shaped as the webhook ingress hands it over', () => {
    const e = sampleHttpEvent('http://127.0.0.1:4620/e/abc?x=1');
    expect(e).toMatchObject({ method: 'POST', path: '/', query: { x: '1' }, body: { name: 'Ada' }, url: 'http://127.0.0.1:4620/e/abc?x=1', client_ip: '127.0.0.1' });
    expect((e.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(e.bodyRaw).toBe('{"name":"Ada"}');
  });
  it('a timer one is what the timer fires: epoch seconds and its interval or cron', () => {
    expect(timerEvent({ intervalSeconds: 900 } as never, 1_795_000_000_500)).toEqual({ timestamp: 1_795_000_000, interval_seconds: 900 });
    expect(timerEvent(null, 2000)).toEqual({ timestamp: 2, interval_seconds: null });
  });
});
