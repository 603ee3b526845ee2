import { describe, expect, it } from 'vitest';
import { evaluate, hasExpression } from '../../../src/main/engine/invocation/expressions';

const steps = { trigger: { event: { body: { name: 'Ada', tags: ['a', 'b'], n: 3 } } }, first: { $return_value: { ok: true }, 'odd key': 1 } };

describe('step prop expressions', () => {
  it('keeps the type of a whole-value expression', () => {
    expect(evaluate('{{steps.trigger.event.body.n}}', { steps }, 'p')).toBe(3);
    expect(evaluate(' {{ steps.first.$return_value }} ', { steps }, 'p')).toEqual({ ok: true });
    expect(evaluate('{{steps.trigger.event.body.tags[1]}}', { steps }, 'p')).toBe('b');
    expect(evaluate('{{steps.first["odd key"]}}', { steps }, 'p')).toBe(1);
  });
  it('interpolates embedded expressions as text, objects as JSON, missing as empty', () => {
    expect(evaluate('Hi {{steps.trigger.event.body.name}}, {{steps.first.$return_value}}{{steps.nope.x}}!', { steps }, 'p')).toBe(
      'Hi Ada, {"ok":true}!',
    );
  });
  it('walks objects and arrays', () => {
    expect(evaluate({ a: ['{{steps.trigger.event.body.n}}', 'x'] }, { steps }, 'p')).toEqual({ a: [3, 'x'] });
    expect(hasExpression({ a: ['{{steps.x}}'] })).toBe(true);
    expect(hasExpression({ a: [1, 'plain'] })).toBe(false);
  });
  it('reads only steps, and only paths', () => {
    expect(() => evaluate('{{process.env}}', { steps }, 'p')).toThrow(/only read steps/);
    expect(() => evaluate('{{steps.a + 1}}', { steps }, 'p')).toThrow(/cannot read/);
    expect(evaluate('{{steps.trigger.constructor}}', { steps }, 'p')).toBeUndefined();
  });
});
