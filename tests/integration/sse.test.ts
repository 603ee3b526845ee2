import { describe, expect, it } from 'vitest';
import { emitter } from '../fixtures/components';
import { useService } from '../helpers/service';
import { openSse } from '../helpers/sse';

describe('SSE streams', () => {
  const svc = useService();

  const auth = () => ({ authorization: `Bearer ${svc.apiKey}` });
  const create = () => svc.createSource(emitter);
  const run = (id: string, items: object[]) => svc.runSource(id, { items });

  it('sends headers and a handshake at connect, then each new event with an id line', async () => {
    const src = await create();
    const sse = await openSse(`${svc.url}/sources/${src.id}/sse`, auth());
    try {
      expect(sse.status).toBe(200);
      expect(sse.headers.get('content-type')).toContain('text/event-stream');
      await run(src.id, [{ n: 1 }, { n: 2, meta: { name: 'other', summary: 'two' } }]);
      await sse.waitForFrames(2);
      expect(sse.comments[0]).toBe(':sse-handshake');
      const [a, b] = sse.frames;
      expect(a.id).toMatch(/^\d+-\d+$/);
      expect(a.data).toMatchObject({ k: 'emit', id: a.id, e: { n: 1, label: 'hello' }, name: '', sum: null });
      expect(a.data.metadata.emitter_id).toBe(src.id);
      expect(b.data).toMatchObject({ e: { n: 2 }, name: 'other', sum: 'two' });
    } finally {
      sse.close();
    }
  });

  it('resumes after Last-Event-ID with what the client missed', async () => {
    const src = await create();
    await run(src.id, [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const list = (await svc.json(`/v1/sources/${src.id}/event_summaries`)).data;
    const firstId = list[2].id;
    const sse = await openSse(`${svc.url}/sources/${src.id}/sse`, { ...auth(), 'last-event-id': firstId });
    try {
      await sse.waitForFrames(2);
      expect(sse.frames.map((f) => f.data.e.n)).toEqual([2, 3]);
      await run(src.id, [{ n: 4 }]);
      await sse.waitForFrames(3);
      expect(sse.frames[2].data.e.n).toBe(4);
    } finally {
      sse.close();
    }
  });

  it('streams console lines on the logs stream', async () => {
    const code = `export default { name: "talker", version: "1", async run() { console.log("out", { a: 1 }); console.error("err line"); } }`;
    const src = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: code } })).data;
    const sse = await openSse(`${svc.url}/sources/${src.id}/logs/sse`, auth());
    try {
      await svc.json(`/v1/sources/${src.id}/run`, { method: 'POST' });
      await sse.waitForFrames(2);
      expect(sse.frames[0].data).toMatchObject({ stream: 'stdout', line: 'out { a: 1 }' });
      expect(sse.frames[1].data).toMatchObject({ stream: 'stderr', line: 'err line' });
      expect(typeof sse.frames[0].data.ts).toBe('number');
      const logs = (await svc.json(`/v1/sources/${src.id}/logs`)).data;
      expect(logs.map((l: { line: string }) => l.line)).toEqual(['out { a: 1 }', 'err line']);
    } finally {
      sse.close();
    }
  });
});
