import { describe, expect, it } from 'vitest';
import { cjs, counter, emitter, hooks } from '../fixtures/components';
import { useService } from '../helpers/service';

describe('source lifecycle', () => {
  const svc = useService();

  const create = (json: unknown) => svc.json('/v1/sources', { method: 'POST', json });
  const logLines = async (id: string) => (await svc.json(`/v1/sources/${id}/logs`)).data.map((l: { line: string }) => l.line);

  it('creates a source from code with the fields of the hosted API', async () => {
    const { data } = await create({ component_code: emitter, name: 'My Emitter', configured_props: { label: 'x' } });
    expect(data).toMatchObject({ name: 'My Emitter', name_slug: 'my-emitter', active: true, configured_props: { label: 'x' } });
    expect(data.id).toMatch(/^dc_/);
    expect(data.user_id).toMatch(/^u_/);
    expect(data.component_id).toMatch(/^sc_/);
    expect(data.created_at).toBe(data.updated_at);
    expect((await svc.json(`/v1/sources/${data.id}`)).data).toEqual(data);
  });

  it('creates from a component id and from a key, names it after the component, slugs uniquely', async () => {
    const comp = await svc.json('/v1/components', { method: 'POST', json: { component_code: emitter } });
    const a = await create({ component_id: comp.data.id });
    const b = await create({ key: 'test-emitter' });
    expect(a.data.name).toBe('Emitter');
    expect(b.data.name_slug).not.toBe(a.data.name_slug);
    expect(b.data.name_slug).toMatch(/^emitter(-\d+)?$/);
  });

  it('fills defaults and names every missing required prop', async () => {
    const withDefault = await create({ component_code: emitter });
    expect(withDefault.data.configured_props.label).toBe('hello');
    const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: cjs } });
    expect(r.status).toBe(400);
    expect((await r.json()).error.message).toMatch(/who.*times|times.*who/);
    const wrong = await svc.api('/v1/sources', { method: 'POST', json: { component_code: cjs, configured_props: { who: 'me', times: 9 } } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toMatch(/times.*at most 3/);
  });

  it('refuses bodies that name no component or two', async () => {
    expect((await svc.api('/v1/sources', { method: 'POST', json: { name: 'x' } })).status).toBe(400);
    expect((await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-emitter', component_code: emitter } })).status).toBe(400);
    expect((await svc.api('/v1/sources', { method: 'POST', json: { key: 'no-such-key' } })).status).toBe(404);
    expect((await svc.api('/v1/sources', { method: 'POST', json: { key: 'test-emitter', timeout_seconds: 'soon' } })).status).toBe(400);
  });

  it('runs deploy then activate on create, deactivate then activate on update, deactivate on delete', async () => {
    const { data } = await create({ component_code: hooks });
    expect(await logLines(data.id)).toEqual(['hook deploy', 'hook activate']);
    const updated = await svc.json(`/v1/sources/${data.id}`, { method: 'PUT', json: { name: 'Renamed' } });
    expect(updated.data).toMatchObject({ id: data.id, name: 'Renamed', name_slug: 'renamed' });
    expect(await logLines(data.id)).toEqual(['hook deploy', 'hook activate', 'hook deactivate', 'hook activate']);
    const run = await svc.json(`/v1/sources/${data.id}/run`, { method: 'POST' });
    expect(run.data.emitted[0].event.hooks).toEqual(['deploy', 'activate', 'deactivate', 'activate']);
    const del = await svc.api(`/v1/sources/${data.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await svc.api(`/v1/sources/${data.id}`)).status).toBe(404);
  });

  it('fails a create whose hook throws with a 4xx, and keeps nothing', async () => {
    const before = (await svc.json('/v1/users/me/sources?limit=100')).page_info.total_count;
    const r = await svc.api('/v1/sources', { method: 'POST', json: { component_code: hooks, configured_props: { fail: 'activate' } } });
    expect(r.status).toBe(422);
    expect((await r.json()).error.message).toMatch(/activate\(\).*activate says no/);
    expect((await svc.json('/v1/users/me/sources?limit=100')).page_info.total_count).toBe(before);
  });

  it('keeps the old version running when an update fails', async () => {
    const { data } = await create({ component_code: counter(1) });
    const failing = hooks.replace('async run() {', 'async run() { throw new Error("should not run");');
    const r = await svc.api(`/v1/sources/${data.id}`, { method: 'PUT', json: { component_code: failing, configured_props: { fail: 'activate' } } });
    expect(r.status).toBe(422);
    const run = await svc.json(`/v1/sources/${data.id}/run`, { method: 'POST' });
    expect(run.data.emitted[0].event).toEqual({ n: 1, version: 1 });
    expect((await svc.json(`/v1/sources/${data.id}`)).data.component_id).toBe(data.component_id);
  });

  it('updates code in place, keeping the id and the db', async () => {
    const { data } = await create({ component_code: counter(1) });
    await svc.json(`/v1/sources/${data.id}/run`, { method: 'POST' });
    const up = await svc.json(`/v1/sources/${data.id}`, { method: 'PUT', json: { component_code: counter(2) } });
    expect(up.data.id).toBe(data.id);
    expect(up.data.component_id).not.toBe(data.component_id);
    const run = await svc.json(`/v1/sources/${data.id}/run`, { method: 'POST' });
    expect(run.data.emitted[0].event).toEqual({ n: 2, version: 2 });
  });

  it('deactivates and reactivates with active', async () => {
    const { data } = await create({ component_code: hooks });
    const off = await svc.json(`/v1/sources/${data.id}`, { method: 'PUT', json: { active: false } });
    expect(off.data.active).toBe(false);
    expect((await logLines(data.id)).at(-1)).toBe('hook deactivate');
    const on = await svc.json(`/v1/sources/${data.id}`, { method: 'PUT', json: { active: true } });
    expect(on.data.active).toBe(true);
    expect((await logLines(data.id)).at(-1)).toBe('hook activate');
  });

  it('refuses to delete when deactivate throws, unless forced', async () => {
    const { data } = await create({ component_code: hooks, configured_props: { fail: 'deactivate' } });
    const r = await svc.api(`/v1/sources/${data.id}`, { method: 'DELETE' });
    expect(r.status).toBe(422);
    expect((await svc.api(`/v1/sources/${data.id}`)).status).toBe(200);
    expect((await svc.api(`/v1/sources/${data.id}?force=true`, { method: 'DELETE' })).status).toBe(200);
    expect((await svc.api(`/v1/sources/${data.id}`)).status).toBe(404);
  });

  it('lists sources newest first with cursors', async () => {
    const page1 = await svc.json('/v1/users/me/sources?limit=2');
    expect(page1.data).toHaveLength(2);
    expect(page1.page_info.count).toBe(2);
    const page2 = await svc.json(`/v1/users/me/sources?limit=2&before=${page1.page_info.end_cursor}`);
    expect(page2.data[0].id).not.toBe(page1.data[1].id);
    expect(page2.data[0].created_at).toBeLessThanOrEqual(page1.data[1].created_at);
    const back = await svc.json(`/v1/users/me/sources?limit=2&after=${page2.page_info.start_cursor}`);
    expect(back.data.map((s: { id: string }) => s.id)).toEqual(page1.data.map((s: { id: string }) => s.id));
    expect((await svc.api('/v1/users/me/sources?limit=0')).status).toBe(400);
    expect((await svc.api('/v1/users/me/sources?limit=101')).status).toBe(400);
    expect((await svc.api('/v1/users/me/sources?before=%%%')).status).toBe(400);
  });

  it('answers 404 for unknown sources on every route', async () => {
    for (const [method, path] of [
      ['GET', '/v1/sources/dc_nope'],
      ['PUT', '/v1/sources/dc_nope'],
      ['DELETE', '/v1/sources/dc_nope'],
      ['POST', '/v1/sources/dc_nope/run'],
      ['GET', '/v1/sources/dc_nope/event_summaries'],
      ['DELETE', '/v1/sources/dc_nope/events'],
      ['GET', '/v1/sources/dc_nope/logs'],
      ['GET', '/sources/dc_nope/sse'],
    ]) {
      const r = await svc.api(path, { method, ...(method === 'PUT' ? { json: {} } : {}) });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
  });
});
