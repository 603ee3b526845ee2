// Issue 16, section 2: $.flow.delay / suspend / rerun on the real service. A step's pause takes
// effect at the end of the step; the run shows as paused, and goes on by its timer, its resume
// URL (public, once) or ends by its cancel URL.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

describe('flow control', () => {
  const svc = useService();

  const workflow = (steps: object[]) => svc.createWorkflow({ name: 'Flow', trigger: { type: 'manual' }, steps });
  const runOf = async (wfId: string, runId: string) => (await svc.json(`/v1/workflows/${wfId}/runs/${runId}`)).data;
  const until = async (wfId: string, runId: string, status: string) => {
    await waitFor(async () => (await runOf(wfId, runId)).status === status, 15_000, 50);
    return runOf(wfId, runId);
  };
  /** A public call: no API key. */
  const call = (url: string, init: RequestInit = {}) => fetch(url, { method: 'POST', ...init });

  it('$.flow.delay pauses the run at the end of the step and resumes it when the delay is over', async () => {
    const wf = await workflow([
      code('wait', `async run({ $ }) { const urls = $.flow.delay(400); $.export('urls', urls); return 'before the pause'; }`),
      code('after', `async run({ steps }) { return steps.wait.$return_value + ', then after'; }`),
    ]);
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('paused');
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['success']);
    const [pause] = run.pauses;
    expect(pause).toMatchObject({ kind: 'delay', step: 'wait', ended_at: null, ended_by: null });
    expect(pause.resume_at - pause.paused_at).toBe(400);
    expect(pause.resume_url).toMatch(new RegExp(`^${svc.url}/flow/[A-Za-z0-9]{32}/resume$`));
    expect(pause.cancel_url).toMatch(new RegExp(`^${svc.url}/flow/[A-Za-z0-9]{32}/cancel$`));
    // What $.flow.delay returned is what the run record shows.
    expect(run.steps[0].exports.urls).toEqual({ resume_url: pause.resume_url, cancel_url: pause.cancel_url });
    const listed = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data;
    expect(listed.find((r: { id: string }) => r.id === run.id).status).toBe('paused');

    const done = await until(wf.id, run.id, 'success');
    expect(done.steps.map((s: { status: string }) => s.status)).toEqual(['success', 'success']);
    expect(done.steps[1].$return_value).toBe('before the pause, then after');
    expect(done.pauses[0]).toMatchObject({ ended_by: 'timeout' });
    expect(done.pauses[0].resume_url).toBeUndefined();
    expect(done.pauses[0].ended_at).toBeGreaterThanOrEqual(done.pauses[0].resume_at);
  });

  it('the delay does not count against the timeout; a delay outside 1 ms … 1 year fails the step clearly', async () => {
    const nap = (ms: number) => `await new Promise((r) => setTimeout(r, ${ms}));`;
    const wf = await svc.createWorkflow({
      name: 'Delay past the timeout',
      trigger: { type: 'manual' },
      timeout_seconds: 4,
      steps: [code('a', `async run({ $ }) { ${nap(1000)} $.flow.delay(3500); return 'a'; }`), code('b', `async run() { ${nap(1000)} return 'b'; }`)],
    });
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('paused');
    // 1 s + 3.5 s paused + 1 s: more than the 4 s timeout in all; each leg well within it (a cold runner under load).
    const done = await until(wf.id, run.id, 'success');
    expect(done.steps.map((s: { status: string }) => s.status)).toEqual(['success', 'success']);

    for (const ms of [0, 365 * 24 * 3600 * 1000 + 1]) {
      const bad = await workflow([code('w', `async run({ $ }) { $.flow.delay(${ms}); }`)]);
      const r = await svc.runWorkflow(bad.id);
      expect(r.status).toBe('error');
      expect(r.steps[0].error.message).toBe(`Runnel: $.flow.delay(ms): ms must be a number of milliseconds from 1 to 31536000000 (1 year), got ${ms}`);
    }
    const year = await workflow([code('w', `async run({ $ }) { $.flow.delay(365 * 24 * 3600 * 1000); }`)]);
    const y = await svc.runWorkflow(year.id);
    expect(y.pauses[0].resume_at - y.pauses[0].paused_at).toBe(365 * 24 * 3600 * 1000);
  });

  it('resumes early by its resume URL (public, once) and cancels by its cancel URL', async () => {
    const wf = await workflow([code('wait', `async run({ $ }) { $.flow.delay(3600 * 1000); }`), code('after', `async run() { return 'ran'; }`)]);
    const first = await svc.runWorkflow(wf.id);
    const r = await call(first.pauses[0].resume_url);
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ success: true, action: 'resume', run_id: first.id });
    const resumed = await until(wf.id, first.id, 'success');
    expect(resumed.steps[1].$return_value).toBe('ran');
    expect(resumed.pauses[0].ended_by).toBe('resume');
    // Spent: a second call (or its cancel URL now) changes nothing.
    const again = await call(first.pauses[0].resume_url);
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toMatch(/already used/);
    expect((await call(first.pauses[0].cancel_url)).status).toBe(404);

    const second = await svc.runWorkflow(wf.id);
    // A token only works with its own action.
    expect((await call(second.pauses[0].resume_url.replace(/resume$/, 'cancel'))).status).toBe(404);
    expect((await call(second.pauses[0].cancel_url, { method: 'GET' })).status).toBe(202);
    const cancelled = await until(wf.id, second.id, 'cancelled');
    expect(cancelled.steps.map((s: { status: string }) => s.status)).toEqual(['success', 'skipped']);
    expect(cancelled.pauses[0].ended_by).toBe('cancel');
    expect(cancelled.ended_at).not.toBeNull();
    expect((await call(second.pauses[0].resume_url)).status).toBe(404);
  });

  it('$.flow.suspend: the body POSTed to the resume URL becomes $resume_data; without a resume its timeout cancels the run', async () => {
    const wf = await workflow([
      code('approve', `async run({ $ }) { return $.flow.suspend(steps_timeout()); function steps_timeout() { return undefined; } }`),
      code('after', `async run({ steps }) { return { data: steps.approve.$resume_data }; }`),
    ]);
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('paused');
    // The default: cancelled after 24 hours.
    expect(run.pauses[0].resume_at - run.pauses[0].paused_at).toBe(24 * 3600 * 1000);
    const r = await call(run.pauses[0].resume_url, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ approved: true }) });
    expect(r.status).toBe(202);
    const done = await until(wf.id, run.id, 'success');
    expect(done.steps[0].exports.$resume_data).toEqual({ approved: true });
    expect(done.steps[1].$return_value).toEqual({ data: { approved: true } });

    const short = await workflow([code('approve', `async run({ $ }) { $.flow.suspend(300); }`), code('after', `async run() { return 'ran'; }`)]);
    const timedOut = await svc.runWorkflow(short.id);
    const cancelled = await until(short.id, timedOut.id, 'cancelled');
    expect(cancelled.pauses[0].ended_by).toBe('timeout');
    expect(cancelled.steps.map((s: { status: string }) => s.status)).toEqual(['success', 'skipped']);
  });

  it('$.flow.rerun runs the step again with $.context.run.runs and the context it passed, up to maxRetries', async () => {
    const wf = await workflow([
      code(
        'poll',
        `async run({ $ }) {
          const { runs, context } = $.context.run;
          if (runs < 3) return $.flow.rerun(50, { seen: [...(context?.seen ?? []), runs] });
          return { runs, context };
        }`,
      ),
      code('after', `async run({ steps }) { return steps.poll.$return_value.runs; }`),
    ]);
    const run = await svc.runWorkflow(wf.id);
    expect(run.status).toBe('paused');
    expect(run.pauses[0]).toMatchObject({ kind: 'rerun', step: 'poll' });
    const done = await until(wf.id, run.id, 'success');
    expect(done.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['poll', 'success'], ['after', 'success']]);
    expect(done.steps[0].$return_value).toEqual({ runs: 3, context: { seen: [1, 2] } });
    expect(done.pauses.map((p: { ended_by: string }) => p.ended_by)).toEqual(['timeout', 'timeout']);

    // Past maxRetries the rerun call is ignored and the workflow goes on.
    const capped = await workflow([
      code('always', `async run({ $ }) { $.flow.rerun(20, null, 2); return $.context.run.runs; }`),
      code('after', `async run({ steps }) { return 'after ' + steps.always.$return_value; }`),
    ]);
    const c = await svc.runWorkflow(capped.id);
    const cDone = await until(capped.id, c.id, 'success');
    expect(cDone.steps[1].$return_value).toBe('after 3');
    expect(cDone.pauses).toHaveLength(2);
  });

  it("a rerun's resume URL reruns the step at once with the request as $.context.run.callback_request", async () => {
    const wf = await workflow([
      code(
        'job',
        `async run({ $ }) {
          if ($.context.run.runs === 1) { $.flow.rerun(3600 * 1000, { job: 7 }); return; }
          return { cb: $.context.run.callback_request, ctx: $.context.run.context };
        }`,
      ),
    ]);
    const run = await svc.runWorkflow(wf.id);
    const r = await call(`${run.pauses[0].resume_url}?status=done`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-job': '7' }, body: '{"result":42}' });
    expect(r.status).toBe(202);
    const done = await until(wf.id, run.id, 'success');
    const { cb, ctx } = done.steps[0].$return_value;
    expect(ctx).toEqual({ job: 7 });
    expect(cb).toMatchObject({ method: 'PUT', query: { status: 'done' }, body: { result: 42 } });
    expect(cb.headers['x-job']).toBe('7');
    expect(cb.path).toMatch(/^\/flow\/[A-Za-z0-9]+\/resume$/);
  });

  it('an HTTP caller waiting for $.respond is answered when the run pauses, not when it resumes', async () => {
    const wf = await svc.createWorkflow({
      name: 'Hook with a pause',
      trigger: { type: 'http' },
      steps: [code('wait', `async run({ $ }) { $.flow.delay(3600 * 1000); }`), code('answer', `async run({ $ }) { await $.respond({ status: 200, body: 'late' }); }`)],
    });
    const t0 = Date.now();
    const r = await fetch(wf.trigger.endpoint_url, { method: 'POST', body: '{}' });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe('no_response');
    const [run] = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data;
    expect(run.status).toBe('paused');
  });

  it('takes one of several calls made at once: the others are refused and the run goes on once', async () => {
    const wf = await workflow([code('wait', `async run({ $ }) { $.flow.delay(3600 * 1000); }`), code('after', `async run() { return 'once'; }`)]);
    const run = await svc.runWorkflow(wf.id);
    const { resume_url, cancel_url } = run.pauses[0];
    const answers = await Promise.all([resume_url, cancel_url, resume_url, cancel_url, resume_url].map((u) => call(u).then((r) => r.status)));
    expect(answers.filter((s) => s === 202)).toHaveLength(1);
    expect(answers.filter((s) => s === 404)).toHaveLength(4);
    await waitFor(async () => ['success', 'cancelled'].includes((await runOf(wf.id, run.id)).status), 10_000, 50);
    const done = await runOf(wf.id, run.id);
    expect(done.pauses).toHaveLength(1);
    expect(done.steps.filter((s: { name: string }) => s.name === 'after')).toHaveLength(1);
  });

  it('refuses unknown tokens and malformed flow paths with a JSON 404', async () => {
    for (const path of ['/flow/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/resume', '/flow/x/resume', '/flow/']) {
      const r = await fetch(svc.url + path, { method: 'POST' });
      expect(r.status).toBe(404);
      expect((await r.json()).error.code).toBe('not_found');
    }
  });
});
