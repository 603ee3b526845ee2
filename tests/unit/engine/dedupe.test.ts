import { describe, expect, it } from 'vitest';
import { selectByDedupe } from '../../../src/main/engine/invocation/dedupe';
import { prepareBatch } from '../../../src/main/engine/invocation/emit-batch';
import { applyEmitted, emptyDedupe } from '../../../src/main/engine/ports/dedupe-state';

const batch = (ids: (string | number)[]) => prepareBatch(ids.map((id) => ({ event: { id }, id })), null).events;
const ids = (evs: { did?: string }[]) => evs.map((e) => e.did);
const after = (dids: string[]) => dids.reduce(applyEmitted, emptyDedupe());

describe('dedupe strategies', () => {
  it('unique drops ids seen among the last 100, and repeats within one batch', () => {
    expect(ids(selectByDedupe('unique', batch(['a', 'b', 'a', 'c']), after(['c'])))).toEqual(['a', 'b']);
  });
  it('unique forgets ids first in, first out past 100', () => {
    const state = after(Array.from({ length: 101 }, (_, i) => `id${i}`));
    expect(ids(selectByDedupe('unique', batch(['id0', 'id1']), state))).toEqual(['id0']);
  });
  it('unique compares ids on their first 64 characters', () => {
    const long = 'x'.repeat(64);
    expect(ids(selectByDedupe('unique', batch([long + 'A']), after([long + 'B'])))).toEqual([]);
  });
  it('greatest emits only ids larger than the largest seen, moving as it goes', () => {
    expect(ids(selectByDedupe('greatest', batch([5, 3, 7, 6, 9]), after(['4'])))).toEqual(['5', '7', '9']);
  });
  it('last emits only the events after the cached id, or all when it is absent', () => {
    expect(ids(selectByDedupe('last', batch(['a', 'b', 'c']), after(['a'])))).toEqual(['b', 'c']);
    expect(ids(selectByDedupe('last', batch(['x', 'y']), after(['a'])))).toEqual(['x', 'y']);
  });
  it('refuses emits without an id under a strategy, and non-numeric ids under greatest', () => {
    const r = prepareBatch([{ event: 1 }, { event: 2, id: 'abc' }, { event: 3, id: 4 }], 'greatest');
    expect(ids(r.events)).toEqual(['4']);
    expect(r.refused).toHaveLength(2);
  });
  it('orders events that carry ts oldest to newest, others keep their place', () => {
    const r = prepareBatch(
      [
        { event: 'a', ts: 30 },
        { event: 'b' },
        { event: 'c', ts: 10 },
        { event: 'd', ts: 20 },
      ],
      null,
    );
    expect(r.events.map((e) => e.ev)).toEqual(['c', 'b', 'd', 'a']);
  });
});
