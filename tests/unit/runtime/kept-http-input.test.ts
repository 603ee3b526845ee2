// A webhook request is kept as the request it was built from (not its parsed body and query),
// and given back exactly as `run(event)` received it.
import { describe, expect, it } from 'vitest';
import { httpEventOf } from '../../../src/main/runtime/http-event';
import { keptInput } from '../../../src/main/runtime/source-trigger-inputs';
import { keptTrigger } from '../../../src/main/store/kept-triggers';

describe('a kept HTTP input', () => {
  it('is stored without its parse and rebuilt to what run(event) received', () => {
    const event = httpEventOf({
      method: 'POST',
      url: 'http://127.0.0.1:4620/e/tok/orders?x=1&x=2&y=%C3%A9',
      path: '/orders',
      headers: { 'content-type': 'application/json', 'x-sig': 'abc' },
      bodyRaw: JSON.stringify({ name: 'Grace', n: [1, 2] }),
      clientIp: '10.0.0.7',
    });
    const kept = keptTrigger('i_1', 'http', 5, event);
    expect(kept).not.toHaveProperty('input');
    expect(JSON.stringify(kept)).not.toContain('"body":');
    expect(keptInput(JSON.parse(JSON.stringify(kept)))).toEqual(event);
  });

  it('keeps an input of another shape as it is', () => {
    const kept = keptTrigger('i_2', 'http', 5, { body: { edited: true } });
    expect(keptInput(kept)).toEqual({ body: { edited: true } });
  });
});
