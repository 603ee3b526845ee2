import { describe, expect, it } from 'vitest';
import { throttlePerKey } from '../../src/main/app/throttle';

describe('throttlePerKey', () => {
  it('lets one call per key through per window', () => {
    let t = 0;
    const allow = throttlePerKey(60_000, () => t);
    expect(allow('p_a')).toBe(true);
    expect(allow('p_a')).toBe(false);
    expect(allow('p_b')).toBe(true);
    t = 59_999;
    expect(allow('p_a')).toBe(false);
    t = 60_000;
    expect(allow('p_a')).toBe(true);
  });
});
