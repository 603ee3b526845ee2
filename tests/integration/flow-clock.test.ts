// Issue 16, section 2: the virtual clock moves paused runs too. Advancing a workflow's clock
// carries on the delays, reruns and suspend timeouts that fall due in the span, at once, in
// due order (between the timer's firings), each at the time it was due.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService } from '../helpers/service';

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the virtual clock and paused runs', () => {
  const svc = useService();
  const advance = async (wfId: string, seconds: number) => (await svc.json(`/v1/workflows/${wfId}/clock/advance`, { method: 'POST', json: { seconds } })).data;
  const runOf = async (wfId: string, runId: string) => (await svc.json(`/v1/workflows/${wfId}/runs/${runId}`)).data;

  it('advancing 1 h resumes a 1 h delay at once, with its due time', async () => {
    const wf = await svc.createWorkflow({
      name: 'Delay an hour',
      trigger: { type: 'manual' },
      steps: [code('wait', `async run({ $ }) { $.flow.delay(60 * 60 * 1000); }`), code('after', `async run() { return 'after the hour'; }`)],
    });
    const run = await svc.runWorkflow(wf.id);
    const { paused_at, resume_at } = run.pauses[0];
    expect(resume_at - paused_at).toBe(HOUR);

    // Not due yet after 59 minutes.
    const early = await advance(wf.id, 59 * 60);
    expect(early).toMatchObject({ fired: 0, resumed: 0, runs: [], next: iso(resume_at) });
    expect((await runOf(wf.id, run.id)).status).toBe('paused');

    const a = await advance(wf.id, 60);
    expect(a).toMatchObject({ fired: 0, resumed: 1, next: null });
    expect(a.runs).toEqual([{ due_at: iso(resume_at), timestamp: Math.floor(resume_at / 1000), ok: true, error: null, run_id: run.id, status: 'success', resumed: 'delay' }]);
    const done = await runOf(wf.id, run.id);
    expect(done.status).toBe('success');
    expect(done.steps[1].$return_value).toBe('after the hour');
    expect(done.pauses[0]).toMatchObject({ ended_by: 'timeout', ended_at: resume_at });
    // The run's own times are on the same clock: it ended after its pause did, an hour in.
    expect(done.ended_at).toBeGreaterThanOrEqual(resume_at);
    expect(done.ended_at - resume_at).toBeLessThan(5_000);
    expect(done.duration_ms).toBe(done.ended_at - done.started_at);
    expect(done.duration_ms).toBeGreaterThanOrEqual(HOUR);
  });

  it('runs every rerun due in the span, each at its own time, and cancels a suspend whose timeout passes', async () => {
    const wf = await svc.createWorkflow({
      name: 'Poll',
      trigger: { type: 'manual' },
      steps: [code('poll', `async run({ $ }) { if ($.context.run.runs < 4) $.flow.rerun(10 * 60 * 1000); return $.context.run.runs; }`)],
    });
    const run = await svc.runWorkflow(wf.id);
    const first = run.pauses[0].paused_at;
    const a = await advance(wf.id, 3600);
    expect(a.resumed).toBe(3);
    expect(a.runs.map((r: { resumed: string; status: string }) => [r.resumed, r.status])).toEqual([['rerun', 'paused'], ['rerun', 'paused'], ['rerun', 'success']]);
    // Each rerun at its due time: 10 minutes after the pause before it (plus the ms a run takes).
    const due = a.runs.map((r: { due_at: string }) => Date.parse(r.due_at) - first);
    due.forEach((d: number, i: number) => expect(d - (i + 1) * 10 * 60_000).toBeGreaterThanOrEqual(0));
    due.forEach((d: number, i: number) => expect(d - (i + 1) * 10 * 60_000).toBeLessThan(5_000));
    expect((await runOf(wf.id, run.id)).steps[0].$return_value).toBe(4);

    const gate = await svc.createWorkflow({ name: 'Approval', trigger: { type: 'manual' }, steps: [code('ask', `async run({ $ }) { $.flow.suspend(); }`)] });
    const asked = await svc.runWorkflow(gate.id);
    const b = await advance(gate.id, 24 * 3600);
    expect(b.runs).toMatchObject([{ resumed: 'suspend', status: 'cancelled', run_id: asked.id }]);
  });

  it("interleaves a timer's firings with the delays they start, in due order", async () => {
    const wf = await svc.createWorkflow({
      name: 'Hourly with a pause',
      trigger: { type: 'timer', cron: '0 * * * *' },
      steps: [code('wait', `async run({ $, steps }) { $.flow.delay(30 * 60 * 1000); return steps.trigger.event.timestamp; }`)],
    });
    // To just past the second firing: the delay it starts (30 min) is not due in the span.
    const { data: next } = await svc.json(`/v1/workflows/${wf.id}/clock/next?n=1`);
    const hour1 = Date.parse(next.times[0]);
    const a = await advance(wf.id, Math.ceil((hour1 + HOUR - Date.parse(next.now)) / 1000) + 1);
    expect(a).toMatchObject({ fired: 2, resumed: 1 });
    expect(a.runs.map((r: { resumed?: string; status: string }) => [r.resumed ?? 'timer', r.status])).toEqual([['timer', 'paused'], ['delay', 'success'], ['timer', 'paused']]);
    expect(a.runs[0].due_at).toBe(iso(hour1));
    expect(Date.parse(a.runs[1].due_at) - hour1 - 30 * 60_000).toBeLessThan(5_000);
    expect(a.runs[2].due_at).toBe(iso(hour1 + HOUR));
    expect(a.runs[1].run_id).toBe(a.runs[0].run_id);
    // The run started by the first firing paused on the workflow's clock, at its due time.
    const run = await runOf(wf.id, a.runs[0].run_id);
    // It started when the timer fired, on the workflow's clock, as its context says.
    expect(run.started_at).toBe(hour1);
    expect(run.trigger.context.ts).toBe(iso(hour1));
    expect(run.pauses[0].paused_at - hour1).toBeLessThan(5_000);
    expect(run.pauses[0].paused_at).toBeGreaterThanOrEqual(hour1);
  });

  it('refuses to advance a workflow with neither a timer nor paused runs', async () => {
    const wf = await svc.createWorkflow({ name: 'By hand', trigger: { type: 'manual' }, steps: [code('a', `async run() {}`)] });
    const r = await svc.api(`/v1/workflows/${wf.id}/clock/advance`, { method: 'POST', json: { seconds: 60 } });
    expect(r.status).toBe(409);
    expect((await r.json()).error.message).toMatch(/has a manual trigger, not a timer, and no paused runs/);
  });
});
