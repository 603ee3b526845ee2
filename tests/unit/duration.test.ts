import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/shared/duration';

describe('CLI durations', () => {
  it('reads 90s, 15m, 2h, 1d, combinations and plain seconds', () => {
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration('1d')).toBe(86_400);
    expect(parseDuration('1h30m')).toBe(5400);
    expect(parseDuration('1.5h')).toBe(5400);
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration(' 2H ')).toBe(7200);
  });

  it('refuses what is not a positive duration', () => {
    for (const bad of ['', 'soon', '1y', 'h', '1h 30m', '-5m', '1e3']) expect(() => parseDuration(bad), bad).toThrow(/is not a duration/);
    expect(() => parseDuration('0')).toThrow('the duration must be more than 0, got "0"');
    expect(() => parseDuration('0m')).toThrow(/more than 0/);
  });

  it('prints seconds back in the same units', () => {
    expect([0, 1, 90, 3600, 5400, 86_400, 97_200, 0.5, -3600].map(formatDuration)).toEqual(['0s', '1s', '1m30s', '1h', '1h30m', '1d', '1d3h', '0.5s', '-1h']);
  });
});
