import { describe, expect, it } from 'vitest';
import { apiQuery, highlight, hitHref, paramsOf, stateFromParams } from '../../../src/renderer/src/features/search/search-model';

describe('the Search screen model', () => {
  it('reads and writes its state in the URL, defaults left out', () => {
    const s = stateFromParams(new URLSearchParams('q=ada%40&status=error&since=1d'));
    expect(s).toEqual({ q: 'ada@', status: 'error', since: '1d' });
    expect(paramsOf(s)).toBe('q=ada%40&status=error&since=1d');
    expect(stateFromParams(new URLSearchParams('status=weird&since=forever'))).toEqual({ q: '', status: 'all', since: 'any' });
    expect(paramsOf({ q: '', status: 'all', since: 'any' })).toBe('');
  });

  it('makes the API query: since from the time filter, no q when empty', () => {
    expect(apiQuery({ q: ' kiwi ', status: 'ok', since: '1h' }, 10_000_000)).toEqual({ q: 'kiwi', status: 'ok', since: String(10_000_000 - 3_600_000), limit: 100 });
    expect(apiQuery({ q: '', status: 'all', since: 'any' }, 1)).toEqual({ status: 'all', limit: 100 });
  });

  it('marks every case-insensitive occurrence of the text (of a field query, its value)', () => {
    expect(highlight('{"email":"Ada@x","alt":"ada@y"}', 'ADA@')).toEqual([
      { text: '{"email":"', match: false },
      { text: 'Ada@', match: true },
      { text: 'x","alt":"', match: false },
      { text: 'ada@', match: true },
      { text: 'y"}', match: false },
    ]);
    expect(highlight('body.email: "ada@x"', 'body.email:ada@').filter((p) => p.match).map((p) => p.text)).toEqual(['ada@']);
    expect(highlight('abc', '')).toEqual([{ text: 'abc', match: false }]);
  });

  it('links an event to its source\u2019s events view and a run to its detail', () => {
    expect(hitHref({ kind: 'source_event', emitter_id: 'dc_1', id: '17-0' })).toBe('#/events/dc_1/17-0');
    expect(hitHref({ kind: 'workflow_run', workflow_id: 'p_1', id: 'r_1' })).toBe('#/workflows/p_1/runs/r_1');
  });
});
