// Project environment variables: set, listed and removed over REST, sealed at rest, seen by
// sources and workflow steps as process.env (and by {{ }} props), secret ones masked in logs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { startService, useService } from '../helpers/service';

describe('environment variables', () => {
  const svc = useService();
  const put = (name: string, body: object) => svc.api(`/v1/env/${name}`, { method: 'PUT', json: body });

  it('are set, listed (secret values masked) and removed; bad names get a clear 400', async () => {
    const a = await put('API_TOKEN', { value: 'tok-1234567890' });
    expect(a.status).toBe(200);
    expect((await a.json()).data).toMatchObject({ name: 'API_TOKEN', value: '********', secret: true });
    expect((await (await put('REGION', { value: 'eu-west', secret: false })).json()).data).toMatchObject({ value: 'eu-west', secret: false });
    const list = (await svc.json('/v1/env')).data;
    expect(list.map((v: { name: string; value: string }) => [v.name, v.value])).toEqual([
      ['API_TOKEN', '********'],
      ['REGION', 'eu-west'],
    ]);
    for (const bad of ['1ABC', 'WITH-DASH', '__proto__', 'PD_COMPONENT']) {
      const r = await put(bad, { value: 'x' });
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error.message).toMatch(/environment variable name|set by Runnel|__proto__/);
    }
    const noValue = await put('OK_NAME', { value: 42 });
    expect(noValue.status).toBe(400);
    expect((await noValue.json()).error.message).toMatch(/value must be a string/);
    expect((await svc.api('/v1/env/NOPE', { method: 'DELETE' })).status).toBe(404);
    // Sending the mask back keeps the stored value (a form that showed it).
    await put('API_TOKEN', { value: '********' });
    expect(readFileSync(join(svc.dataDir, 'runnel.json'), 'utf8')).not.toContain('tok-1234567890');
    expect(readFileSync(join(svc.dataDir, 'runnel.json'), 'utf8')).not.toContain('eu-west');
  });

  it('reach sources as process.env, changes included; secret values are masked in logs', async () => {
    const src = await svc.createSource(
      `export default { name: "env", version: "1", async run() { console.log("token is " + process.env.API_TOKEN); this.$emit({ region: process.env.REGION, has: "API_TOKEN" in process.env, id: process.env.PD_COMPONENT }); } }`,
    );
    await svc.runSource(src.id);
    expect((await svc.events(src.id))[0].event).toEqual({ region: 'eu-west', has: true, id: src.id });
    expect(await svc.logText(src.id)).toContain('token is ********');
    expect(await svc.logText(src.id)).not.toContain('tok-1234567890');
    await put('REGION', { value: 'us-east', secret: false });
    await svc.runSource(src.id);
    expect((await svc.events(src.id))[0].event.region).toBe('us-east');
  });

  it('reach workflow steps as process.env and {{process.env.X}} props', async () => {
    const wf = await svc.createWorkflow({
      name: 'Env',
      trigger: { type: 'manual' },
      steps: [
        code('s', `props: { where: { type: "string" } }, async run() { console.log(process.env.API_TOKEN); return { where: this.where, code: process.env.REGION }; }`, {
          configured_props: { where: 'in {{ process.env.REGION.toUpperCase() }}' },
        }),
      ],
    });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status, JSON.stringify(run.steps)).toBe('success');
    expect(run.steps[0].$return_value).toEqual({ where: 'in US-EAST', code: 'us-east' });
    expect(JSON.stringify(run)).not.toContain('tok-1234567890');
    expect(run.steps[0].logs.map((l: { line: string }) => l.line)).toContain('********');
  });

  it('survive a restart (sealed in the data dir, opened with its key)', async () => {
    const dataDir = svc.dataDir;
    await svc.api('/v1/env/REGION', { method: 'DELETE' });
    await svc.stop();
    const again = await startService({ dataDir });
    try {
      const list = (await again.json('/v1/env')).data;
      expect(list.map((v: { name: string }) => v.name)).toEqual(['API_TOKEN']);
      const src = await again.createSource(`export default { name: "env2", version: "1", async run() { this.$emit({ n: process.env.API_TOKEN.length, region: process.env.REGION ?? null }); } }`);
      await again.runSource(src.id);
      expect((await again.events(src.id))[0].event).toEqual({ n: 'tok-1234567890'.length, region: null });
    } finally {
      await again.stop();
    }
  });
});
