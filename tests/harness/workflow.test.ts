// runnel/testing runs a whole workflow with the service's own engine, and its clock only moves
// when the test says: delays, reruns, suspends and auto-retries are tested at once and
// deterministically (issue 16: "testable in a unit test through runnel/testing").
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkflow, type TestWorkflow } from '../../src/main/testing/index';
import { useTempFiles } from './helpers';

const files = useTempFiles();
const step = (name: string, body: string) => files.write(`${name}.mjs`, `export default defineComponent({ props: { n: { type: "integer", optional: true } }, async run({ steps, $ }) { ${body} } });\n`);

let wf: TestWorkflow | undefined;
afterEach(async () => {
  await wf?.close();
  wf = undefined;
});

describe('loadWorkflow', () => {
  it('runs steps in order and pauses at $.flow.delay until the clock passes it', async () => {
    wf = await loadWorkflow({
      steps: [
        { name: 'first', file: step('first', `return steps.trigger.event.n * 2;`) },
        { name: 'wait', file: step('wait', `const { resume_url } = $.flow.delay(60 * 60 * 1000); return resume_url.includes("/resume");`) },
        { name: 'last', file: step('last', `return this.n + steps.first.$return_value;`), props: { n: '{{ steps.trigger.event.n + 1 }}' } },
      ],
    });
    const run = await wf.run({ n: 21 });
    expect(run.status).toBe('paused');
    expect(run.pauses).toMatchObject([{ kind: 'delay', step: 'wait' }]);
    expect(await wf.advance('59m')).toEqual([]);
    expect(wf.get(run.id).status).toBe('paused');
    const [done] = await wf.advance('1m');
    expect(done.status).toBe('success');
    expect(done.steps.map((s) => s.$return_value)).toEqual([42, true, 64]);
    expect(done.pauses?.[0]).toMatchObject({ ended_by: 'timeout' });
  });

  it('reruns a step with $.context.run.runs, resumes a suspend with $resume_data, cancels by its URL', async () => {
    wf = await loadWorkflow({
      steps: [
        { name: 'poll', file: step('poll', `if ($.context.run.runs < 3) $.flow.rerun(10_000, { seen: $.context.run.runs }); return $.context.run;`) },
        { name: 'ask', file: step('ask', `$.flow.suspend(); return "asked";`) },
        { name: 'use', file: step('use', `return steps.ask.$resume_data;`) },
      ],
    });
    const run = await wf.run();
    await wf.advance('10s');
    await wf.advance('10s');
    expect(wf.get(run.id).status).toBe('paused');
    expect(wf.get(run.id).steps[0].$return_value).toEqual({ runs: 3, context: { seen: 2 } });
    const resumed = await wf.resume(run.id, { approved: true });
    expect(resumed.status).toBe('success');
    expect(resumed.steps[2].$return_value).toEqual({ approved: true });

    const again = await wf.run();
    await wf.advance('20s');
    const cancelled = await wf.cancel(again.id);
    expect(cancelled.status).toBe('cancelled');
  });

  it('auto-retries a failing step on the test clock, and records the final failure on $errors', async () => {
    wf = await loadWorkflow({
      autoRetry: true,
      steps: [{ name: 'flaky', file: step('flaky', `if ($.context.run.runs < 3) throw new Error("flaky " + $.context.run.runs); return "ok";`) }],
    });
    const run = await wf.run();
    expect(run.status).toBe('paused');
    expect(run.steps[0].exports.$attempt).toMatchObject({ error: { message: 'flaky 1' } });
    // Retries are due 2.5 min and then 5 min after each failed attempt ended (its run time
    // counts), so the advance leaves a little slack past 7.5 min.
    const [after] = await wf.advance('8m');
    expect(after.status).toBe('success');
    expect(await wf.errors()).toEqual([]);
  });
});
