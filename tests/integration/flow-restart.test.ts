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
