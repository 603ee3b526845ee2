import { beforeAll, describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService } from '../helpers/service';

// Emits what it is given; throws after emitting when the event asks it to.
const ECHO = `export default { name: "Echo", version: "1", async run(event) {
  this.$emit(event, { summary: "got " + Object.keys(event).join(",") });
  if (event.fail) throw new Error("echo refused " + event.fail);
} }`;

describe('GET /v1/search: events and runs by payload, status and time', () => {
  const svc = useService();
  let src: { id: string };
  let wf: { id: string };
  let kiwiRun: { id: string };
  let mangoRun: { id: string };
  const search = async (qs: string) => (await svc.json(`/v1/search?${qs}`)) as { data: any[]; page_info: any };

  beforeAll(async () => {
    src = await svc.createSource(ECHO, { name: 'Signups' });
    await svc.runSource(src.id, { user: { email: 'ada@example.com', name: 'Ada' } });
    await svc.runSource(src.id, { user: { email: 'grace@example.com' }, fail: 'zebra' });
    wf = await svc.createWorkflow({
      name: 'Orders',
      trigger: { type: 'manual' },
      steps: [code('check', `async run({ steps }) { if (steps.trigger.event.body.fail) throw new Error("no " + steps.trigger.event.body.order); return { checked: steps.trigger.event.body.order }; }`)],
    });
    kiwiRun = await svc.runWorkflow(wf.id, { body: { order: 'kiwi-42' } });
    mangoRun = await svc.runWorkflow(wf.id, { body: { order: 'mango', fail: true } });
  });

  it('finds a source event by a word of its payload, case-insensitively, and says where it is', async () => {
    const { data } = await search('q=ADA@example');
    expect(data).toHaveLength(1);
    const [events] = [await svc.events(src.id)];
    const ada = events.find((e: any) => e.event.user.email === 'ada@example.com');
    expect(data[0]).toMatchObject({ kind: 'source_event', emitter_id: src.id, name: 'Signups', id: ada.id, status: 'ok', ts: ada.indexed_at_ms, summary: 'got user' });
    expect(data[0].match).toContain('ada@example.com');
  });

  it('finds a workflow run by its trigger event, its step results and its error message', async () => {
    const kiwi = await search('q=kiwi-42');
    expect(kiwi.data.map((h) => [h.kind, h.workflow_id, h.name, h.id, h.status])).toEqual([['workflow_run', wf.id, 'Orders', kiwiRun.id, 'ok']]);
    const byError = await search(`q=${encodeURIComponent('no mango')}`);
    expect(byError.data.map((h) => h.id)).toEqual([mangoRun.id]);
    expect(byError.data[0].status).toBe('error');
    expect(byError.data[0].summary).toContain('no mango');
  });

  it('filters by status: an event emitted by a failed run and a failed workflow run are errors', async () => {
    const errors = await search('status=error');
    const kinds = errors.data.map((h) => `${h.kind}:${h.status}`);
    expect(kinds).toEqual(['workflow_run:error', 'source_event:error']);
    expect(errors.data[1].match ?? '').toBe('');
    const ok = await search('status=ok&q=example.com');
    expect(ok.data.map((h) => h.match)).toEqual([expect.stringContaining('ada@example.com')]);
    // A failed workflow run is listed once (as the run), not again as its $errors event.
    expect((await search('q=mango')).data).toHaveLength(1);
  });

  it('filters by kind, by field and by time; lists everything newest first with an empty q', async () => {
    expect((await search('kind=workflow')).data.map((h) => h.id)).toEqual([mangoRun.id, kiwiRun.id]);
    expect((await search('kind=source')).data.every((h) => h.kind === 'source_event')).toBe(true);
    const all = await search('');
    expect(all.data).toHaveLength(4);
    const ts = all.data.map((h) => h.ts);
    expect([...ts].sort((a, b) => b - a)).toEqual(ts);
    expect((await search('q=user.email:grace@')).data).toHaveLength(1);
    expect((await search('q=user.name:grace')).data).toHaveLength(0);
    expect((await search('q=body.order:KIWI')).data.map((h) => h.id)).toEqual([kiwiRun.id]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await search(`since=${future}`)).data).toEqual([]);
    expect((await search(`until=${Date.now() - 3_600_000}`)).data).toEqual([]);
    expect((await search(`since=${Date.now() - 3_600_000}&until=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`)).data).toHaveLength(4);
  });

  it('pages with limit and before', async () => {
    const all = (await search('')).data.map((h) => h.id);
    const first = await search('limit=3');
    expect(first.data.map((h) => h.id)).toEqual(all.slice(0, 3));
    expect(first.page_info).toMatchObject({ total_count: 4, count: 3 });
    const second = await search(`limit=3&before=${encodeURIComponent(first.page_info.end_cursor)}`);
    expect(second.data.map((h) => h.id)).toEqual(all.slice(3));
  });

  it('answers 400 with a JSON error for bad parameters', async () => {
    for (const qs of ['status=broken', 'since=yesterday-ish', 'kind=component', 'limit=0', 'until=2020-13-45T99:00:00Z']) {
      const res = await svc.api(`/v1/search?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await res.json()).error.message, qs).toBeTruthy();
    }
  });
});
