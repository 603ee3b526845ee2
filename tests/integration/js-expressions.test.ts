// `{{ … }}` step props hold any JavaScript expression over `steps`, as on the hosted builder
// (synced projects are full of them). Paths are read in the service; everything else is
// evaluated in the sandbox, never in the service process.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService } from '../helpers/service';

describe('JavaScript expressions in step props', () => {
  const svc = useService();

  const echo = (props: Record<string, unknown>) =>
    code('echo', `props: { ${Object.keys(props).map((k) => `${k}: { type: "any", optional: true }`).join(', ')} }, async run() { return { ...this }; }`, {
      configured_props: props,
    });

  it('evaluates method calls, regexps, globals, braces, templates and multi-line expressions, keeping a whole value\'s type', async () => {
    const wf = await svc.createWorkflow({
      name: 'Expressions',
      trigger: { type: 'manual' },
      steps: [
        code('first', `async run() { return { list: [{ id: 1 }, { id: 2 }] }; }`),
        echo({
          clean: "{{steps.trigger.event.body.name.replace(/<.*?>/g,'')}}",
          now: '{{Date.now()}}',
          ids: '{{ steps.first.$return_value.list.map((x) => { return x.id }) }}',
          text: 'Hello {{ steps.trigger.event.body.name.length > 3 ? "long" : "short" }} {{steps.first.$return_value.list.length}}!',
          multi: '{{\n  steps.first.$return_value.list\n    .filter((x) => x.id > 1)\n    .length\n}}',
          json: '{{ JSON.stringify({ n: steps.trigger.event.body.n * 2 }) }}',
          path: '{{steps.trigger.event.body.n}}',
        }),
      ],
    });
    const before = Date.now();
    const run = await svc.runWorkflow(wf.id, { body: { name: '<b>Ada</b>', n: 21 } });
    expect(run.status, JSON.stringify(run.steps)).toBe('success');
    const out = run.steps[1].$return_value;
    expect(out.clean).toBe('Ada');
    expect(typeof out.now).toBe('number');
    expect(out.now).toBeGreaterThanOrEqual(before - 1000);
    expect(out.ids).toEqual([1, 2]);
    expect(out.text).toBe('Hello long 2!');
    expect(out.multi).toBe(1);
    expect(out.json).toBe('{"n":42}');
    expect(out.path).toBe(21);
  });

  it('gives a string prop the text of a whole {{ }} expression that yields a number or boolean, as the hosted builder does', async () => {
    const wf = await svc.createWorkflow({
      name: 'Typed expressions',
      trigger: { type: 'manual' },
      steps: [
        code('typed', `props: { when: { type: "string" }, n: { type: "string" }, ok: { type: "string" }, tags: { type: "string[]" } }, async run() { return { when: this.when, n: this.n, ok: this.ok, tags: this.tags }; }`, {
          configured_props: { when: '{{Date.now()}}', n: '{{steps.trigger.event.n}}', ok: '{{ steps.trigger.event.n > 1 }}', tags: '{{ [1, "b"] }}' },
        }),
      ],
    });
    const run = await svc.runWorkflow(wf.id, { n: 21 });
    expect(run.status, JSON.stringify(run.steps)).toBe('success');
    const out = run.steps[0].$return_value;
    expect(out.when).toMatch(/^\d{13}$/);
    expect(out).toMatchObject({ n: '21', ok: 'true', tags: ['1', 'b'] });
  });

  it('fails the step with a ConfigurationError naming the expression that threw', async () => {
    const wf = await svc.createWorkflow({
      name: 'Bad expression',
      trigger: { type: 'manual' },
      steps: [echo({ v: '{{ steps.trigger.event.missing.toUpperCase() }}' })],
    });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status).toBe('error');
    expect(run.steps[0].error.code).toBe('ConfigurationError');
    expect(run.steps[0].error.message).toMatch(/\{\{steps\.trigger\.event\.missing\.toUpperCase\(\)\}\} failed: TypeError: Cannot read properties of undefined/);
  });

  it('sees only steps, process.env and the intrinsics: nothing of the runner or the service', async () => {
    const wf = await svc.createWorkflow({
      name: 'Contained expressions',
      trigger: { type: 'manual' },
      steps: [
        echo({
          req: '{{ typeof require }}',
          proc: '{{ Object.keys(process).join(",") }}',
          fetchy: '{{ typeof fetch }}',
          self: '{{ (function () { return typeof this; })() }}',
        }),
        code('mutate', `props: { x: { type: "any", optional: true } }, async run() { return this.x; }`, {
          configured_props: { x: '{{ (() => { try { steps.trigger.event.n = 9; return "changed"; } catch (e) { return e.name; } })() }}' },
        }),
      ],
    });
    const run = await svc.runWorkflow(wf.id, { n: 1 });
    expect(run.status, JSON.stringify(run.steps)).toBe('success');
    expect(run.steps[0].$return_value).toEqual({ req: 'undefined', proc: 'env', fetchy: 'undefined', self: 'undefined' });
    // steps are frozen inside the expression: the trigger event cannot be changed by a prop.
    expect(run.steps[1].$return_value).toBe('TypeError');
    expect(run.trigger.event).toEqual({ n: 1 });
  });

  it('a runaway expression is stopped and reported, and the service keeps answering', async () => {
    const wf = await svc.createWorkflow({ name: 'Loop', trigger: { type: 'manual' }, steps: [echo({ v: '{{ (() => { while (true) {} })() }}' })] });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status).toBe('error');
    expect(run.steps[0].error.message).toMatch(/timed out/);
    expect((await svc.api('/v1/system')).status).toBe(200);
  }, 30_000);
});
