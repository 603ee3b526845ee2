// What the runner pool keeps of an invocation once it has ended (so that output of leftover
// timers still reaches its log) must not keep the invocation's batch alive: the pool keeps the
// last 100 per runner, and under load every kept batch was carried into the old generation.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { invokeJob, type EndedJob } from '../../../src/main/sandbox/client/jobs';
import type { InvokeCallbacks, InvokeRequest } from '../../../src/main/domain/invocations';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Two turns of the event loop, each followed by a full GC (a WeakRef's target lives until its job ends). */
async function collect(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise((r) => setTimeout(r, 5));
    gc();
  }
}

function batchRequest(batch: unknown[]): InvokeRequest {
  return { codeHash: 'h', code: '', instanceId: 'dc_1', scratchDir: '/nonexistent', timeoutMs: 1000, method: 'run', props: {}, interfaces: {}, db: {}, batch };
}

const done = { ok: true, emits: [], db: { set: {}, del: [] } };

/**
 * Runs a batch of two to its end and returns what the pool keeps of it. A function of its own
 * (not a block of the test): its locals, the batch among them, are gone when it returns.
 */
function runBatch(routes: Pick<InvokeCallbacks, 'onLog' | 'onRespond'>, ignore: () => undefined): { batch: WeakRef<object>; ended: EndedJob; items: number } {
  const batch = [{ body: 'x'.repeat(1000) }, { body: 'y'.repeat(1000) }];
  let items = 0;
  // What a caller does with its reports refers to its batch, as the source invoker's does.
  const job = invokeJob(7, batchRequest(batch), { ...routes, onItem: () => (items += batch.length) }, ignore, ignore);
  job.onMessage({ type: 'items', id: 7, items: [{ index: 0, ...done }] });
  job.onMessage({ type: 'result', id: 7, ...done, items: [{ index: 1, ...done }] });
  return { batch: new WeakRef(batch), ended: job.ended(), items };
}

describe('an ended invocation', () => {
  it('keeps its log and respond routes but neither its request nor its batch', async () => {
    const lines: string[] = [];
    const answers: unknown[] = [];
    const ignore = () => undefined;
    const { batch, ended, items } = runBatch({ onLog: (_stream, line) => lines.push(line), onRespond: (response) => answers.push(response) }, ignore);
    expect(items).toBe(4);
    await collect();
    expect(batch.deref()).toBeUndefined();

    // Leftover work still reaches the ended invocation's log and its caller's respond route.
    ended.deliver({ type: 'log', id: 7, stream: 'stdout', line: 'late line', ts: 1 });
    ended.deliver({ type: 'respond', id: 7, response: { status: 202 }, index: 1 });
    ended.lateLog?.('[runnel] replaced');
    expect(lines).toEqual(['late line', '[runnel] replaced']);
    expect(answers).toEqual([{ status: 202 }]);
  });

  it('still refuses a response for an invocation outside its batch', () => {
    const job = invokeJob(8, batchRequest([1, 2]), {}, () => undefined, () => undefined);
    job.onMessage({ type: 'result', id: 8, ...done });
    expect(() => job.ended().deliver({ type: 'respond', id: 8, response: { status: 200 }, index: 2 })).toThrow(/invocation 2 of a batch of 2/);
  });
});
