// A workflow run's orchestration, in-process with a scripted sandbox: steps in order with the
// data of the steps before them, the first error recorded on $errors (published after it is
// stored) and the rest skipped, $.flow.exit, and a step killed at the deadline.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_KEY } from '../../../src/main/runtime/workflows/destinations';
import { ERRORS_CHANNEL } from '../../../src/main/runtime/workflows/errors-channel';
import { startWorkflowEngine, type WorkflowEngine } from './workflow-harness';

let engine: WorkflowEngine;
beforeEach(async () => {
  engine = await startWorkflowEngine();
});
afterEach(async () => {
  await engine.close();
});

const manual = (event: unknown) => ({ event, sourceType: 'manual' as const, hops: 0 });
const errorsOf = (id: string) => engine.events.list(id, { channel: ERRORS_CHANNEL, limit: 100 }).events;

describe('a workflow run', () => {
  it('runs its steps in order, each seeing the trigger and the return values and exports of the steps before it', async () => {
    const wf = await engine.workflow(['fetch', 'shape', 'send']);
    engine.sandbox.steps.set(wf.steps[0].id, { value: { n: 1 }, exports: { url: 'u' } });
    engine.sandbox.steps.set(wf.steps[1].id, { value: 'shaped' });
    const run = await engine.executor.execute(wf, manual({ hello: 'world' }));

    expect(run.status).toBe('success');
    expect(run.steps.map((s) => [s.name, s.status])).toEqual([['fetch', 'success'], ['shape', 'success'], ['send', 'success']]);
    const seenBySend = engine.sandbox.requests.find((r) => r.instanceId === wf.steps[2].id)!.step!.steps as Record<string, { $return_value?: unknown; url?: unknown; event?: unknown }>;
    expect(seenBySend.trigger.event).toEqual({ hello: 'world' });
    expect(seenBySend.fetch).toEqual({ $return_value: { n: 1 }, url: 'u' });
    expect(seenBySend.shape).toEqual({ $return_value: 'shaped' });
  });

  it('stops at the first failing step: the rest are skipped and the error is stored on $errors before anyone hears of it, with an e-mail notice', async () => {
    const wf = await engine.workflow(['ok', 'bad', 'never']);
    engine.sandbox.steps.set(wf.steps[1].id, { throw: 'x is undefined' });
    const heard: boolean[] = [];
    engine.bus.onEvent(wf.id, (e) => heard.push(errorsOf(wf.id).some((s) => s.id === e.id)));
    const run = await engine.executor.execute(wf, manual({ a: 1 }));

    expect(run.status).toBe('error');
    expect(run.steps.map((s) => s.status)).toEqual(['success', 'error', 'skipped']);
    expect(engine.sandbox.requests.some((r) => r.instanceId === wf.steps[2].id)).toBe(false);
    const [stored] = errorsOf(wf.id);
    const ev = stored.ev as { original_event: unknown; error: { code: string; cellId: string; message: string } };
    expect(ev.original_event).toEqual({ a: 1 });
    expect(ev.error).toMatchObject({ code: 'TypeError', cellId: wf.steps[1].id, message: 'x is undefined' });
    expect(heard).toEqual([true]);
    expect(engine.outbox.list(OUTBOX_KEY).map((m) => m.subject)).toEqual(['Runnel: workflow "scripted" failed']);
  });

  it('ends at $.flow.exit with its reason; later steps are skipped and nothing goes to $errors', async () => {
    const wf = await engine.workflow(['gate', 'after']);
    engine.sandbox.steps.set(wf.steps[0].id, { exit: 'nothing to do' });
    const run = await engine.executor.execute(wf, manual({}));

    expect(run.status).toBe('exited');
    expect(run.exit_reason).toBe('nothing to do');
    expect(run.steps.map((s) => s.status)).toEqual(['exited', 'skipped']);
    expect(errorsOf(wf.id)).toHaveLength(0);
  });

  it('records a step killed at its deadline as a TimeoutError on $errors', async () => {
    const wf = await engine.workflow(['slow', 'after']);
    engine.sandbox.steps.set(wf.steps[0].id, { block: true });
    const run = await engine.executor.execute(wf, manual({}));

    expect(run.status).toBe('error');
    expect(run.steps[0].error?.code).toBe('TimeoutError');
    expect((errorsOf(wf.id)[0].ev as { error: { code: string } }).error.code).toBe('TimeoutError');
  });
});
