// An emitted event is serialized once, when the main process checks the runner's message, and
// that JSON text is what the journal writes. These tests hold the promise that goes with it:
// what a restart reads back from the journal is exactly what the run emitted and what the API
// showed before the restart, for awkward values, for runs batched together and for the fields
// the store adds around the event (channel, summary, ts, dedupe id).
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startService, waitFor, type ServiceHandle } from '../helpers/service';

const AWKWARD = `{
  text: "quote \\" backslash \\\\ newline \\n tab \\t nul \\u0000 line-sep \\u2028 emoji 🐍 é",
  numbers: [0, -0, 1e21, 1.5e-7, -12.25, 9007199254740993],
  nested: { a: [null, true, false, [], {}], "key with \\"quotes\\"": "v", "__proto__x": 1 },
  empty: "",
  missing: undefined,
}`;

const COMPONENT = `export default {
  name: "journal-echo", version: "1", dedupe: "unique",
  props: { http: "$.interface.http" },
  async run(event) {
    const i = event.body.i;
    this.$emit(${AWKWARD}, { id: "id-" + i, name: i % 2 ? "odd \\"ch\\"" : "", summary: "sum \\u2028 " + i, ts: 1700000000000 + i });
    this.$emit(i, { id: "n-" + i });
    this.$emit("text " + i, { id: "t-" + i, name: "strings" });
  },
}`;

async function allEvents(svc: ServiceHandle, id: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const ch of ['', 'odd "ch"', 'strings']) {
    out.push(...(await svc.json(`/v1/sources/${id}/event_summaries?expand=event&limit=100&event_name=${encodeURIComponent(ch)}`)).data);
  }
  return out;
}

describe('events read back from the journal after a restart', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  it('are the events the runs emitted, field for field, awkward values and batched runs included', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    const src = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: COMPONENT } })).data;
    const endpoint = src.configured_props.http.endpoint_url;
    // 40 webhooks at once: the source's queue hands them to the runner in batches.
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(endpoint, { method: 'POST', body: JSON.stringify({ i }), headers: { 'content-type': 'application/json' } })),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(40).fill(200));
    await waitFor(async () => (await allEvents(svc, src.id)).length === 120);
    const before = await allEvents(svc, src.id);
    const first = before.find((e) => (e as { event: { text?: string } }).event.text !== undefined) as { event: Record<string, unknown> };
    expect(first.event.text).toBe('quote " backslash \\ newline \n tab \t nul \u0000 line-sep \u2028 emoji 🐍 é');
    expect(first.event.numbers).toEqual([0, 0, 1e21, 1.5e-7, -12.25, 9007199254740992]);
    expect(first.event).not.toHaveProperty('missing');
    await svc.kill9(); // no clean shutdown: the next start replays the journal's lines

    svc = await startService({ dataDir: svc.dataDir });
    try {
      expect(await allEvents(svc, src.id)).toEqual(before);
      // The dedupe ids came back too: the same ids again store nothing.
      const again = await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST', json: { event: { body: { i: 39 } } } });
      expect(again.data.emitted).toEqual([]);
      expect(again.data.deduped).toBe(3);
    } finally {
      await svc.stop();
    }
  });
});
