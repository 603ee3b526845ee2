import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counter, hooks, codeStep } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';
import { openSse } from '../helpers/sse';

describe('what the web UI relies on beyond the hosted routes', () => {
  const svc = useService();
  const auth = () => ({ authorization: `Bearer ${svc.apiKey}` });

  it('lists saved components newest first, without workflow code steps', async () => {
    const a = (await svc.json('/v1/components', { method: 'POST', json: { component_code: counter(1) } })).data;
    const b = (await svc.json('/v1/components', { method: 'POST', json: { component_code: counter(2) } })).data;
    await svc.createWorkflow({ name: 'wf-list', trigger: { type: 'manual' }, steps: [codeStep('s', 'async run() { return 1 }')] });
    const page = await svc.json('/v1/users/me/components?limit=100');
    const ids = page.data.map((c: any) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    expect(page.data.every((c: any) => c.name !== 's')).toBe(true);
    expect(page.page_info.total_count).toBe(page.data.length);
  });

  it('PUT /v1/components/{id} saves new code and moves its sources in place, running their hooks', async () => {
    const src = await svc.createSource(hooks);
    await svc.runSource(src.id);
    const next = hooks.replace('version: 1 })', 'version: 2 })');
    const res = await svc.json(`/v1/components/${src.component_id}`, { method: 'PUT', json: { component_code: next } });
    expect(res.data.component.id).not.toBe(src.component_id);
    expect(res.data.sources).toEqual([{ id: src.id, updated: true }]);
    const after = await svc.json(`/v1/sources/${src.id}`);
    expect(after.data.component_id).toBe(res.data.component.id);
    const run = await svc.runSource(src.id);
    expect(run.emitted[0].event).toEqual({ hooks: ['deploy', 'activate', 'deactivate', 'activate'], version: 2 });
  });

  it('PUT /v1/components/{id} reports a source whose hooks refuse the new code, which keeps the old one', async () => {
    const src = await svc.createSource(hooks);
    const bad = hooks.replace('async activate() {', 'async activate() { throw new Error("no thanks");');
    const res = await svc.json(`/v1/components/${src.component_id}`, { method: 'PUT', json: { component_code: bad } });
    expect(res.data.sources).toEqual([{ id: src.id, updated: false, error: { code: 'hook_failed', message: expect.stringContaining('no thanks') } }]);
    expect((await svc.json(`/v1/sources/${src.id}`)).data.component_id).toBe(src.component_id);
    const refused = await svc.api('/v1/components/sc_nope', { method: 'PUT', json: { component_code: counter(3) } });
    expect(refused.status).toBe(404);
    const empty = await svc.api(`/v1/components/${src.component_id}`, { method: 'PUT', json: {} });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe('bad_request');
  });

  it('a PUT of a component that moves its deployed sources says so on GET /v1/stream: a "sources" frame too', async () => {
    const src = await svc.createSource(hooks);
    const feed = await openSse(`${svc.url}/v1/stream`, auth());
    try {
      const next = hooks.replace('version: 1 })', 'version: 3 })');
      const res = await svc.json(`/v1/components/${src.component_id}`, { method: 'PUT', json: { component_code: next } });
      expect(res.data.sources).toContainEqual({ id: src.id, updated: true });
      const seen = () => feed.frames.map((f) => f.data);
      await waitFor(() => seen().some((f) => f.type === 'change' && f.resource === 'components'));
      await waitFor(() => seen().some((f) => f.type === 'change' && f.resource === 'sources' && f.id === src.id));
    } finally {
      feed.close();
    }
  });

  it('streams emits, logs, runs and changes of the whole account on GET /v1/stream', async () => {
    const feed = await openSse(`${svc.url}/v1/stream`, auth());
    expect(feed.status).toBe(200);
    try {
      const src = await svc.createSource(`export default { name: "Loud", version: "1", async run() { console.log("said it"); this.$emit({ x: 1 }, { summary: "one" }) } }`);
      await svc.runSource(src.id);
      const wf = await svc.createWorkflow({ name: 'fed', trigger: { type: 'manual' }, steps: [codeStep('a', 'async run() { return 2 }')] });
      const run = await svc.runWorkflow(wf.id);
      const seen = () => feed.frames.map((f) => f.data);
      await waitFor(() => seen().some((f) => f.type === 'run' && f.run.id === run.id && f.run.status === 'success'));
      const frames = seen();
      expect(frames).toContainEqual({ type: 'change', resource: 'sources' });
      expect(frames).toContainEqual({ type: 'change', resource: 'workflows' });
      expect(frames.find((f) => f.type === 'emit')).toMatchObject({ emitter_id: src.id, frame: { k: 'emit', e: { x: 1 }, sum: 'one', name: '' } });
      expect(frames.find((f) => f.type === 'log')).toMatchObject({ source_id: src.id, line: { stream: 'stdout', line: 'said it' } });
      expect(frames.find((f) => f.type === 'run' && f.run.status === 'running')).toMatchObject({ workflow_id: wf.id });
      expect(frames.filter((f) => f.type === 'run').at(-1).run.steps[0].$return_value).toBe(2);
      await svc.api(`/v1/sources/${src.id}`, { method: 'PUT', json: { active: false } });
      await waitFor(() => seen().some((f) => f.type === 'change' && f.id === src.id));
    } finally {
      feed.close();
    }
    expect((await fetch(`${svc.url}/v1/stream`)).status).toBe(401);
  });

  it('describes where it keeps its data, and rotates the API key without ever returning it', async () => {
    const info = (await svc.json('/v1/system')).data;
    expect(info).toMatchObject({ version: expect.any(String), url: svc.url, data_dir: svc.dataDir, api_key_file: join(svc.dataDir, 'api-key'), api_key_source: 'file' });
    const old = svc.apiKey;
    const res = await svc.api('/v1/api-key/rotate', { method: 'POST' });
    const text = await res.text();
    const fresh = readFileSync(join(svc.dataDir, 'api-key'), 'utf8').trim();
    expect(res.status).toBe(200);
    expect(fresh).not.toBe(old);
    expect(text).not.toContain(fresh);
    expect((await fetch(`${svc.url}/v1/system`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
    expect((await fetch(`${svc.url}/v1/system`, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);
    svc.apiKey = fresh;
  });
});
