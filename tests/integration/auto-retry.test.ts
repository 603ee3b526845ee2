// Issue 16, section 3: auto-retry. A failed step runs again later — up to 8 times over about
// 10 hours with exponential backoff — exporting `$attempt` and `$summary`; never after a
// timeout; `$errors` hears of the final failure (and of the first one when asked). The virtual
// clock moves retries, so the whole schedule is testable at once.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService } from '../helpers/service';

const MIN = 60;

describe('auto-retry of failed steps', () => {
  const svc = useService();
  const advance = async (wfId: string, seconds: number) => (await svc.json(`/v1/workflows/${wfId}/clock/advance`, { method: 'POST', json: { seconds } })).data;
  const runOf = async (wfId: string, runId: string) => (await svc.json(`/v1/workflows/${wfId}/runs/${runId}`)).data;
  const errorsOf = async (wfId: string) => (await svc.json(`/v1/workflows/${wfId}/$errors/event_summaries?expand=event`)).data;

  it('retries the failed step from where it failed, with $attempt, and succeeds on a later attempt', async () => {
    const wf = await svc.createWorkflow({
      name: 'Flaky',
      trigger: { type: 'manual' },
      auto_retry: true,
      steps: [
        code('before', `async run() { return 'once'; }`),
        code('flaky', `async run({ $ }) { if ($.context.run.runs < 3) throw new Error("flaky " + $.context.run.runs); return "ok on " + $.context.run.runs; }`),
        code('after', `async run({ steps }) { return steps.flaky.$return_value + " / " + steps.before.$return_value; }`),
      ],
    });
    expect(wf).toMatchObject({ auto_retry: true, notify_first_error: false });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status).toBe('paused');
    expect(run.pauses[0]).toMatchObject({ kind: 'retry', step: 'flaky' });
    expect(run.pauses[0].resume_at - run.pauses[0].paused_at).toBe(2.5 * MIN * 1000);
    const failed = run.steps.find((s: { name: string }) => s.name === 'flaky');
    expect(failed.status).toBe('error');
    expect(failed.exports.$attempt).toMatchObject({
      error: { name: 'Error', message: 'flaky 1' },
      rerun_url: run.pauses[0].resume_url,
      cancel_url: run.pauses[0].cancel_url,
      resume_ts: new Date(run.pauses[0].resume_at).toISOString(),
    });
    expect(failed.summary).toMatch(/^Attempt 1 failed \(Error: flaky 1\); retry 1 of 8 at /);
    // As hosted, the failed step exports both: `$attempt` and `$summary`.
    expect(failed.exports.$summary).toBe(failed.summary);
    // Not on $errors: retries are pending.
    expect(await errorsOf(wf.id)).toEqual([]);

    // The second try is due 2.5 min later, the third 5 min after that.
    const a = await advance(wf.id, 2.5 * MIN);
    expect(a.runs).toMatchObject([{ resumed: 'retry', status: 'paused' }]);
    expect((await runOf(wf.id, run.id)).pauses[1].resume_at - (await runOf(wf.id, run.id)).pauses[1].paused_at).toBe(5 * MIN * 1000);
    const b = await advance(wf.id, 5 * MIN);
    expect(b.runs).toMatchObject([{ resumed: 'retry', status: 'success' }]);
    const done = await runOf(wf.id, run.id);
    expect(done.status).toBe('success');
    expect(done.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['before', 'success'],
      ['flaky', 'success'],
      ['after', 'success'],
    ]);
    expect(done.steps[2].$return_value).toBe('ok on 3 / once');
    expect(await errorsOf(wf.id)).toEqual([]);
  });

  it('gives up after 8 retries (about 10.6 hours) and only then records the error; the first error too when asked', async () => {
    const wf = await svc.createWorkflow({
      name: 'Always failing',
      trigger: { type: 'manual' },
      auto_retry: true,
      notify_first_error: true,
      steps: [code('broken', `async run({ $ }) { throw new Error("still broken on " + $.context.run.runs); }`)],
    });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status).toBe('paused');
    expect((await errorsOf(wf.id)).map((e: { event: { error: { message: string } } }) => e.event.error.message)).toEqual(['still broken on 1']);
    const a = await advance(wf.id, 11 * 60 * MIN);
    expect(a.resumed).toBe(8);
    const done = await runOf(wf.id, run.id);
    expect(done.status).toBe('error');
    expect(done.pauses).toHaveLength(8);
    expect(done.steps[0].error.message).toBe('still broken on 9');
    const messages = (await errorsOf(wf.id)).map((e: { event: { error: { message: string } } }) => e.event.error.message);
    expect(messages.sort()).toEqual(['still broken on 1', 'still broken on 9']);
  });

  it('never retries a timeout or running out of memory, and retries nothing when auto-retry is off', async () => {
    const slow = await svc.createWorkflow({
      name: 'Too slow',
      trigger: { type: 'manual' },
      auto_retry: true,
      timeout_seconds: 1,
      steps: [code('slow', `async run() { await new Promise((r) => setTimeout(r, 3000)); }`)],
    });
    const run = await svc.runWorkflow(slow.id, {});
    expect(run.status).toBe('error');
    expect(run.steps[0].error.code).toBe('TimeoutError');
    expect(run.pauses ?? []).toEqual([]);

    const hungry = await svc.createWorkflow({
      name: 'Too hungry',
      trigger: { type: 'manual' },
      auto_retry: true,
      steps: [code('hog', `async run() { const keep = []; for (;;) { keep.push(new Uint8Array(64 * 1024 * 1024).fill(1)); await new Promise((r) => setTimeout(r, 5)); } }`)],
    });
    const oom = await svc.runWorkflow(hungry.id, {});
    expect(oom.status).toBe('error');
    expect(oom.steps[0].error.code).toBe('OutOfMemoryError');
    expect(oom.pauses ?? []).toEqual([]);
    expect(await errorsOf(hungry.id)).toHaveLength(1);

    const off = await svc.createWorkflow({ name: 'No retry', trigger: { type: 'manual' }, steps: [code('s', `async run() { throw new Error("no"); }`)] });
    expect(off.auto_retry).toBe(false);
    const r = await svc.runWorkflow(off.id, {});
    expect(r.status).toBe('error');
    expect(await errorsOf(off.id)).toHaveLength(1);
  });
});
