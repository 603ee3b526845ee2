// Issue 16, section 2: paused runs survive a restart. A real service pauses runs, stops, and
// starts again on the same data dir (and port): the runs are listed as paused, a resume URL
// still works (once), and a delay's timer still fires.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { removeDir, startService, waitFor, type ServiceHandle } from '../helpers/service';

describe('paused runs across a restart', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDir));

  const statusOf = async (svc: ServiceHandle, wfId: string, runId: string) => (await svc.json(`/v1/workflows/${wfId}/runs/${runId}`)).data;

  it('keeps them paused; the resume URL works once and the timer fires after the start', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    try {
      const wf = (delay: number) =>
        svc.createWorkflow({
          name: `Delay ${delay}`,
          trigger: { type: 'manual' },
          steps: [code('wait', `async run({ $ }) { $.flow.delay(${delay}); return 'waited'; }`), code('after', `async run({ steps }) { return steps.wait.$return_value + ' and went on'; }`)],
        });
      const long = await wf(3600_000);
      const short = await wf(2500);
      const longRun = await svc.runWorkflow(long.id);
      const shortRun = await svc.runWorkflow(short.id);
      expect([longRun.status, shortRun.status]).toEqual(['paused', 'paused']);

      await svc.stop();
      svc = await startService({ dataDir: svc.dataDir, port: svc.port });

      expect((await svc.json(`/v1/workflows/${long.id}/runs`)).data.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[longRun.id, 'paused']]);
      const r = await fetch(longRun.pauses[0].resume_url, { method: 'POST' });
      expect(r.status).toBe(202);
      await waitFor(async () => (await statusOf(svc, long.id, longRun.id)).status === 'success', 10_000, 50);
      expect((await statusOf(svc, long.id, longRun.id)).steps[1].$return_value).toBe('waited and went on');
      expect((await fetch(longRun.pauses[0].resume_url, { method: 'POST' })).status).toBe(404);

      // The short delay's timer was armed again at start.
      await waitFor(async () => (await statusOf(svc, short.id, shortRun.id)).status === 'success', 10_000, 50);
      expect((await statusOf(svc, short.id, shortRun.id)).pauses[0].ended_by).toBe('timeout');
      // Runs that went on leave nothing behind.
      expect(readdirSync(join(svc.dataDir, 'paused'))).toEqual([]);
    } finally {
      await svc.stop();
    }
  });

  it('keeps a suspend, a rerun and an auto-retry paused across a restart; each goes on by its URL afterwards', async () => {
    let svc = await startService();
    dirs.push(svc.dataDir);
    try {
      const made = async (name: string, body: string, extra: object = {}) =>
        svc.createWorkflow({ name, trigger: { type: 'manual' }, ...extra, steps: [code('s', `async run({ $ }) { ${body} }`), code('after', `async run({ steps }) { return steps.s; }`)] });
      const suspend = await made('Suspend', `$.flow.suspend();`);
      const rerun = await made('Rerun', `if ($.context.run.runs === 1) $.flow.rerun(3600 * 1000, { n: 1 }); return $.context.run;`);
      const retry = await made('Retry', `if ($.context.run.runs === 1) throw new Error("first"); return $.context.run.runs;`, { auto_retry: true });
      const runs = [await svc.runWorkflow(suspend.id), await svc.runWorkflow(rerun.id), await svc.runWorkflow(retry.id, {})];
      expect(runs.map((r) => [r.status, r.pauses[0].kind])).toEqual([['paused', 'suspend'], ['paused', 'rerun'], ['paused', 'retry']]);

      await svc.stop();
      svc = await startService({ dataDir: svc.dataDir, port: svc.port });

      const wfs = [suspend, rerun, retry];
      for (const [i, wf] of wfs.entries()) expect((await statusOf(svc, wf.id, runs[i].id)).status).toBe('paused');
      const post = (url: string, body?: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
      expect((await post(runs[0].pauses[0].resume_url, { ok: true })).status).toBe(202);
      expect((await post(runs[1].pauses[0].resume_url)).status).toBe(202);
      expect((await post(runs[2].steps[0].exports.$attempt.rerun_url)).status).toBe(202);
      for (const [i, wf] of wfs.entries()) await waitFor(async () => (await statusOf(svc, wf.id, runs[i].id)).status === 'success', 10_000, 50);
      const after = await Promise.all(wfs.map((wf, i) => statusOf(svc, wf.id, runs[i].id)));
      expect(after[0].steps[0].exports.$resume_data).toEqual({ ok: true });
      expect(after[1].steps[1].$return_value.$return_value).toMatchObject({ runs: 2, context: { n: 1 } });
      expect(after[2].steps[1].$return_value.$return_value).toBe(2);
    } finally {
      await svc.stop();
    }
  });

  it('a deleted workflow takes its paused runs with it: their URLs stop working', async () => {
    const svc = await startService();
    dirs.push(svc.dataDir);
    try {
      const wf = await svc.createWorkflow({ name: 'Gone', trigger: { type: 'manual' }, steps: [code('wait', `async run({ $ }) { $.flow.suspend(); }`)] });
      const run = await svc.runWorkflow(wf.id);
      await svc.json(`/v1/workflows/${wf.id}`, { method: 'DELETE' });
      expect((await fetch(run.pauses[0].resume_url, { method: 'POST' })).status).toBe(404);
    } finally {
      await svc.stop();
    }
  });
});
