import { describe, expect, it } from 'vitest';
import { startService, useService } from '../helpers/service';

const THROWS = `export default { name: "Thrower", version: "1", async run() { throw new Error("feed is down"); } }`;
const SLOW = `export default { name: "Slow", version: "1", async run() { await new Promise((r) => setTimeout(r, 5000)); } }`;

describe('error counts in the REST views (a failing thing does not look healthy)', () => {
  const svc = useService();

  it('counts a source\u2019s failed runs and names the last error, in the source and in the list', async () => {
    const src = await svc.createSource(THROWS, { name: 'Thrower' });
    expect(src.errors).toEqual({ count: 0, last: null });
    for (let i = 0; i < 4; i++) expect((await svc.runSource(src.id)).ok).toBe(false);
    const got = (await svc.json(`/v1/sources/${src.id}`)).data;
    expect(got.errors.count).toBe(4);
    expect(got.errors.last).toMatchObject({ name: 'Error', message: 'feed is down' });
    expect(typeof got.errors.last.at).toBe('number');
    const listed = (await svc.json('/v1/users/me/sources')).data.find((s: { id: string }) => s.id === src.id);
    expect(listed.errors.count).toBe(4);
  });

  it('counts a timed-out run as an error', async () => {
    const src = await svc.createSource(SLOW, { name: 'Slow', timeout_seconds: 1 });
    expect((await svc.runSource(src.id)).ok).toBe(false);
    const got = (await svc.json(`/v1/sources/${src.id}`)).data;
    expect(got.errors.count).toBe(1);
    expect(got.errors.last.message).toMatch(/time/i);
  });

  it('counts a workflow\u2019s failed runs from its $errors channel', async () => {
    const wf = await svc.createWorkflow({
      name: 'Breaks',
      trigger: { type: 'manual' },
      steps: [{ name: 'boom', code: 'export default defineComponent({ async run() { throw new TypeError("no name") } })' }],
    });
    expect(wf.errors).toEqual({ count: 0, last: null });
    await svc.runWorkflow(wf.id);
    await svc.runWorkflow(wf.id);
    const got = (await svc.json(`/v1/workflows/${wf.id}`)).data;
    expect(got.errors.count).toBe(2);
    expect(got.errors.last).toMatchObject({ name: 'TypeError', message: 'no name' });
    const listed = (await svc.json('/v1/users/me/workflows')).data.find((w: { id: string }) => w.id === wf.id);
    expect(listed.errors.count).toBe(2);
  });

  it('keeps a source\u2019s error count across a restart', async () => {
    const first = await startService();
    const src = await first.createSource(THROWS, { name: 'T' });
    await first.runSource(src.id);
    await first.stop();
    const second = await startService({ dataDir: first.dataDir });
    try {
      expect((await second.json(`/v1/sources/${src.id}`)).data.errors.count).toBe(1);
    } finally {
      await second.stop();
    }
  });
});
