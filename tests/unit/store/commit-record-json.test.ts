// The journal line of a commit is built from each event's JSON text where the main process
// already has it (made when it checked the runner's message). It must be the very text
// JSON.stringify gives for the record, so that what is read back is what was stored.
import { describe, expect, it } from 'vitest';
import { commitRecordJson } from '../../../src/main/store/commit-record-json';
import type { CommitRecord, StoredEvent } from '../../../src/main/store/emitter-state';

// Built as the store builds them: the pending event's fields, then id and ms.
const ev = (over: Partial<StoredEvent>): StoredEvent => {
  const { ev: value, ...fields } = over;
  return { ...{ ch: '', emit_id: 'e1', ...fields, ev: value ?? null }, id: '1700000000000-0', ms: 1700000000000 };
};

const events: StoredEvent[] = [
  ev({ ev: { a: 1, s: 'quote " backslash \\ \n \u2028 🐍', n: [0, -0, 1e21, 1.5e-7] } }),
  ev({ ch: 'odd "ch" \u0000', emit_id: 'e2', sum: 'sum \u2028', ts: 1.5, did: 'id "x"', hops: 2, ev: 'text' }),
  ev({ ev: 42, did: '7' }),
  ev({ ev: [null, true, {}, []] }),
];

describe('commitRecordJson', () => {
  it.each([
    ['without db changes', { t: 'c', ev: events } as CommitRecord],
    ['with db changes', { t: 'c', ev: events, db: { set: { k: { deep: ['v'] } }, del: ['gone'] } } as CommitRecord],
    ['with no events', { t: 'c', ev: [], db: { set: {}, del: ['x'] } } as CommitRecord],
  ])('gives the text JSON.stringify gives, %s, whichever events come with their JSON', (_, record) => {
    const all = record.ev.map((e) => JSON.stringify(e.ev));
    const some = record.ev.map((e, i) => (i % 2 ? JSON.stringify(e.ev) : undefined));
    const none = record.ev.map(() => undefined);
    for (const known of [all, some, none]) expect(commitRecordJson(record, known)).toBe(JSON.stringify(record));
  });
});
