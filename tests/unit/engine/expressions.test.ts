import { describe, expect, it } from 'vitest';
import { codeExpressions, evaluate, hasExpression } from '../../../src/main/engine/invocation/expressions';

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
  it('reads paths here and leaves JavaScript to the sandbox', () => {
    // Anything but a steps.… path is JavaScript: computed in the sandbox, never here.
    expect(() => evaluate('{{process.env}}', { steps }, 'p')).toThrow(/is JavaScript and was not evaluated in the sandbox/);
    expect(() => evaluate('{{steps.a + 1}}', { steps }, 'p')).toThrow(/is JavaScript/);
    expect(evaluate('{{steps.trigger.constructor}}', { steps }, 'p')).toBeUndefined();
    const computed = new Map<string, unknown>([['steps.a + 1', 2]]);
    expect(evaluate('n={{ steps.a + 1 }}, name={{steps.trigger.event.body.name}}', { steps }, 'p', computed)).toBe('n=2, name=Ada');
  });
  it('finds each JavaScript expression once, braces and strings included, multi-line too', () => {
    const value = {
      a: "{{ steps.trigger.event.body.name.replace(/<.*?>/g, '') }}",
      b: ['{{Date.now()}}', 'x {{ steps.first.$return_value }} y'],
      c: '{{ steps.list.map((x) => { return x.id }) }} and {{ "}}" }}',
      d: '{{Date.now()}}',
      e: '{{\n  steps.trigger.event.body.tags\n    .join(",")\n}}',
      f: 'not {{ closed',
    };
    expect(codeExpressions(value)).toEqual([
      "steps.trigger.event.body.name.replace(/<.*?>/g, '')",
      'Date.now()',
      'steps.list.map((x) => { return x.id })',
      '"}}"',
      'steps.trigger.event.body.tags\n    .join(",")',
    ]);
    expect(evaluate('not {{ closed', { steps }, 'p')).toBe('not {{ closed');
  });
});
