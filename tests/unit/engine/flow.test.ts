// Paused workflow runs in-process (issue 16, flow control): a pause at the end of a step, the
// run carried on through the workflow's own queue (after the runs queued before it), each leg
// with its own deadline, and paused runs read back from their files after a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeRequest } from '../../../src/main/domain/invocations';
import { startFlowEngine, type FlowEngine } from './flow-harness';

let e: FlowEngine;
beforeEach(async () => {
  e = await startFlowEngine();
});
afterEach(async () => {
  await e.close();
});

const HOUR = 3600_000;
const stepRequests = (id: string) => e.sandbox.requests.filter((r) => r.instanceId === id);
const eventOf = (r: InvokeRequest) => ((r.step!.steps.trigger as { event: { n: number } }).event ?? {}).n;

describe('a paused workflow run', () => {
  it('pauses at the end of the step that asked, with URLs the step was given, and goes on when its timer fires', async () => {
    const wf = await e.workflow(['wait', 'after']);
    e.sandbox.steps.set(wf.steps[0].id, { value: 'v', pause: { kind: 'delay', ms: HOUR } });
    const run = await e.runtime.runManually(wf.id, { n: 1 });

    expect(run.status).toBe('paused');
    expect(stepRequests(wf.steps[1].id)).toHaveLength(0);
    const flow = stepRequests(wf.steps[0].id)[0].step!.flow!;
    expect(run.pauses).toEqual([{ kind: 'delay', step: 'wait', paused_at: e.now.ms, resume_at: e.now.ms + HOUR, ...flow, ended_at: null, ended_by: null }]);
    expect(e.runs(wf.id).map((r) => [r.id, r.status])).toEqual([[run.id, 'paused']]);
    expect(e.alarms.filter((a) => !a.cancelled).map((a) => a.at)).toEqual([e.now.ms + HOUR]);

    e.now.ms += HOUR;
    await e.fireAndSettle();
    const [done] = e.runs(wf.id);
    expect(done).toMatchObject({ id: run.id, status: 'success' });
    expect(done.steps.map((s) => s.status)).toEqual(['success', 'success']);
    expect((stepRequests(wf.steps[1].id)[0].step!.steps.wait as { $return_value: unknown }).$return_value).toBe('v');
    expect(e.engine.flow.of(wf.id)).toEqual([]);
  });

  it("goes on through the workflow's queue: a run queued before the resume finishes first", async () => {
    const wf = await e.workflow(['a', 'b']);
    e.sandbox.steps.set(wf.steps[0].id, (r) => (eventOf(r) === 1 ? { pause: { kind: 'delay', ms: 10 } } : { waitMs: 100 }));
    const paused = await e.runtime.runManually(wf.id, { n: 1 });
    const second = e.runtime.runManually(wf.id, { n: 2 });
    await new Promise((r) => setTimeout(r, 20)); // run 2 is in its first step
    e.now.ms += 10;
    e.fireDue();
    await second;
    await e.fireAndSettle();

    const order = e.sandbox.requests.map((r) => `${r.instanceId === wf.steps[0].id ? 'a' : 'b'}${eventOf(r)}`);
    expect(order).toEqual(['a1', 'a2', 'b2', 'b1']);
    expect(e.runs(wf.id).find((r) => r.id === paused.id)!.status).toBe('success');
  });

  it('gives each leg its own deadline (time paused does not count) and reruns a step with the attempt count and context', async () => {
    const wf = await e.workflow(['poll']);
    e.sandbox.steps.set(wf.steps[0].id, (r) => ((r.step!.context.run as { runs: number }).runs < 3 ? { pause: { kind: 'rerun', ms: HOUR, context: { page: 2 }, maxRetries: 10 } } : { value: 'done' }));
    const started = e.now.ms;
    const run = await e.runtime.runManually(wf.id, {});
    for (let i = 0; i < 2; i++) {
      e.now.ms += HOUR;
      await e.fireAndSettle();
    }
    const seen = stepRequests(wf.steps[0].id).map((r) => ({ run: r.step!.context.run, deadline: r.step!.context.deadline }));
    expect(seen).toEqual([
      { run: { runs: 1 }, deadline: started + 30_000 },
      { run: { runs: 2, context: { page: 2 } }, deadline: started + HOUR + 30_000 },
      { run: { runs: 3, context: { page: 2 } }, deadline: started + 2 * HOUR + 30_000 },
    ]);
    const [done] = e.runs(wf.id);
    expect(done).toMatchObject({ id: run.id, status: 'success' });
    expect(done.steps).toHaveLength(1);
    expect(done.steps[0].$return_value).toBe('done');
  });

  it('does not pause when the step also exits or fails', async () => {
    const wf = await e.workflow(['a', 'b']);
    e.sandbox.steps.set(wf.steps[0].id, { exit: 'stop', pause: { kind: 'delay', ms: 10 } });
    expect((await e.runtime.runManually(wf.id, {})).status).toBe('exited');
    e.sandbox.steps.set(wf.steps[0].id, { throw: 'boom', pause: { kind: 'delay', ms: 10 } });
    expect((await e.runtime.runManually(wf.id, {})).status).toBe('error');
    expect(e.engine.flow.of(wf.id)).toEqual([]);
  });

  it('survives a restart: the paused run is listed again, its timer armed, its URLs still work once', async () => {
    const wf = await e.workflow(['wait', 'after']);
    e.sandbox.steps.set(wf.steps[0].id, { pause: { kind: 'suspend', ms: HOUR } });
    const a = await e.runtime.runManually(wf.id, {});
    const b = await e.runtime.runManually(wf.id, {});
    e = await e.restart();

    expect(e.runs(wf.id).map((r) => r.status)).toEqual(['paused', 'paused']);
    const token = (url: string) => url.split('/')[4];
    const request = { method: 'POST', path: '/', query: {}, headers: {}, body: { ok: 1 } };
    await e.engine.flow.endByUrl(token(a.pauses![0].resume_url!), request, 'resume');
    await e.engine.deployments.drain();
    await expect(e.engine.flow.endByUrl(token(a.pauses![0].resume_url!), request, 'resume')).rejects.toThrow(/already used/);
    expect(e.runs(wf.id).find((r) => r.id === a.id)!.steps[0].exports.$resume_data).toEqual({ ok: 1 });

    // b's suspend times out: cancelled.
    e.now.ms += HOUR;
    await e.fireAndSettle();
    expect(e.runs(wf.id).find((r) => r.id === b.id)).toMatchObject({ status: 'cancelled' });
    expect(e.engine.flow.of(wf.id)).toEqual([]);
  });
});
