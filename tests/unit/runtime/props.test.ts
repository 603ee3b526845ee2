import { describe, expect, it } from 'vitest';
import { resolveProps } from '../../../src/main/engine/props/props';
import { parseTimerConfig, timerEvent, timerView } from '../../../src/main/engine/props/timer-config';
import { uniqueSlug } from '../../../src/main/runtime/slug';
import type { PropDescriptor } from '../../../src/main/domain/components';

const props: PropDescriptor[] = [
  { name: 'url', type: 'string' },
  { name: 'n', type: 'integer', min: 1, max: 5, optional: true },
  { name: 'flag', type: 'boolean', default: true },
  { name: 'color', type: 'string', options: ['red', { label: 'Blue', value: 'blue' }], optional: true },
  { name: 'tags', type: 'string[]', optional: true },
  { name: 'timer', type: '$.interface.timer', default: { intervalSeconds: 900 } },
  { name: 'http', type: '$.interface.http', customResponse: true },
  { name: 'db', type: '$.service.db' },
];

describe('resolveProps', () => {
  it('fills defaults, coerces numeric strings, and splits interfaces out', () => {
    const r = resolveProps(props, { url: 'https://x', n: '3', color: 'blue', tags: ['a'] });
    expect(r.values).toEqual({ url: 'https://x', n: 3, flag: true, color: 'blue', tags: ['a'] });
    expect(r.timer).toEqual({ prop: 'timer', intervalSeconds: 900, cron: null, timezone: null });
    expect(r.http).toEqual({ prop: 'http', customResponse: true });
    expect(r.dbProps).toEqual(['db']);
  });
  it('names every missing required prop', () => {
    expect(() => resolveProps([{ name: 'a', type: 'string' }, { name: 'b', type: 'integer' }], {})).toThrow(/Missing required props: a, b/);
  });
  it.each([
    [{ url: 1 }, /"url" must be a string/],
    [{ url: 'x', n: 9 }, /"n" must be at most 5/],
    [{ url: 'x', n: 1.5 }, /"n" must be an integer/],
    [{ url: 'x', flag: 'yes' }, /"flag" must be true or false/],
    [{ url: 'x', color: 'green' }, /"color" must be one of/],
    [{ url: 'x', tags: 'a' }, /"tags" must be an array/],
    [{ url: 'x'.repeat(70_000) }, /64 KB/],
    [{ url: 'x', timer: { intervalSeconds: 0 } }, /intervalSeconds/],
  ])('refuses %j', (configured, message) => {
    expect(() => resolveProps(props, configured)).toThrow(message);
  });
});

describe('timer config', () => {
  it('shows intervals and cron expressions the hosted way', () => {
    expect(timerView(parseTimerConfig('t', { intervalSeconds: 60 }))).toEqual({ cron: null, interval_seconds: 60 });
    expect(timerView(parseTimerConfig('t', { cron: '0 * * * *' }))).toEqual({ cron: '0 * * * *', interval_seconds: null });
    expect(timerView(parseTimerConfig('t', { cron: '0 9 * * *', timezone: 'Europe/Paris' }))).toEqual({
      cron: '0 9 * * *',
      interval_seconds: null,
      timezone: 'Europe/Paris',
    });
    expect(() => parseTimerConfig('t', { cron: '0 9 * * *', timezone: 'Mars/Olympus' })).toThrow(/timezone/);
  });
  it('builds the run(event) argument in epoch seconds', () => {
    expect(timerEvent(parseTimerConfig('t', { intervalSeconds: 5 }), 1_700_000_000_999)).toEqual({ timestamp: 1_700_000_000, interval_seconds: 5 });
  });
});

describe('slugs', () => {
  it('are unique within the account', () => {
    expect(uniqueSlug('My Feed!', [])).toBe('my-feed');
    expect(uniqueSlug('My Feed!', ['my-feed', 'my-feed-1'])).toBe('my-feed-2');
    expect(uniqueSlug('###', [])).toBe('source');
  });
});
