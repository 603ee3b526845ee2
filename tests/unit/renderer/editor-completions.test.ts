import { describe, expect, it } from 'vitest';
import type { WorkflowRun } from '../../../src/shared/resources';
import { completeApi, describeAt, type EditorApiContext } from '../../../src/renderer/src/ui/code-editor/complete-api';
import { stepsFromRuns } from '../../../src/renderer/src/ui/code-editor/steps-scope';

/** The completions where `|` stands in `code`. */
function at(code: string, ctx: EditorApiContext = { kind: 'component' }) {
  const pos = code.indexOf('|');
  const found = completeApi(code.replace('|', ''), pos, ctx);
  return found && { from: found.from, pos, labels: found.options.map((o) => o.label), option: (l: string) => found.options.find((o) => o.label === l)! };
}

const SOURCE = `export default {
  name: "S", version: "0.0.1",
  props: {
    url: { type: "string", label: "Feed URL" },
    db: "$.service.db",
    http: { type: "$.interface.http", customResponse: true },
    github: { type: "app", app: "github", methods: { async listRepos(owner) {} } },
  },
  methods: { parse(text, opts) { return text; } },
  async run(event) {
    |
  },
};`;

const inRun = (line: string) => SOURCE.replace('|', line);

describe('editor completions from the component API (issue 18, editor)', () => {
  it('after `this.` in a source: $emit with its signature and docs, the props and the methods', () => {
    const r = at(inRun('this.|'))!;
    expect(r.labels).toEqual(expect.arrayContaining(['$emit', 'url', 'db', 'http', 'github', 'parse']));
    expect(r.option('$emit').detail).toBe('(event: JSONValue, metadata?: EmitMetadata) => Promise<void>');
    expect(r.option('$emit').info).toContain('EmitMetadata = { id?: string | number; name?: string; summary?: string; ts?: number }');
    expect(r.option('$emit').info).toContain('with dedupe: (event: JSONValue, metadata: IdEmitMetadata) => Promise<void>');
    expect(r.option('url').detail).toBe('prop: string');
    expect(r.option('parse').detail).toContain('(text, opts)');
    // Typing on filters from the word start.
    expect(at(inRun('this.$em|'))!.from).toBe(at(inRun('this.$em|'))!.pos - 3);
  });

  it('after `this.<prop>.`: what that prop type holds, and an inline app\'s methods', () => {
    expect(at(inRun('this.db.|'))!.labels).toEqual(['get', 'set']);
    expect(at(inRun('this.http.|'))!.labels).toEqual(['endpoint', 'respond']);
    expect(at(inRun('this.github.|'))!.labels).toEqual(['$auth', 'listRepos']);
    expect(at(inRun('this.url.|'))).toBeNull();
  });

  it('offers no $emit in actions and workflow steps (their `this` has none in the types)', () => {
    const action = 'export default { type: "action", props: { n: { type: "integer" } }, async run({ $ }) { this.| } }';
    expect(at(action)!.labels).toEqual(['n']);
    const step = 'export default defineComponent({ props: { n: { type: "integer" } }, async run({ steps, $ }) { this.| } })';
    expect(at(step, { kind: 'step' })!.labels).toEqual(['n']);
  });

  it('after `$.`, `$.flow.` and `$.send.`: the members the types define, plus Runnel\'s $.context', () => {
    const step = (s: string) => `export default defineComponent({ async run({ steps, $ }) { ${s} } })`;
    const $ = at(step('$.|'), { kind: 'step' })!;
    expect($.labels).toEqual(expect.arrayContaining(['export', 'respond', 'flow', 'send', 'context']));
    expect($.option('respond').info).toContain('Respond to an HTTP interface.');
    expect($.option('flow').detail).toBe('{ exit, delay, rerun, suspend, refreshTimeout }');
    expect(at(step('$.flow.ex|'), { kind: 'step' })!.option('exit').detail).toBe('(reason: string) => void');
    expect(at(step('$.flow.|'), { kind: 'step' })!.option('refreshTimeout').detail).toBe('hosted only');
    expect(at(step('$.send.|'), { kind: 'step' })!.labels).toEqual(['http', 'email', 'emit', 's3', 'sse']);
    expect(at(step('await $ . flow . |'), { kind: 'step' })!.labels).toContain('exit');
  });

  it('in `type: "…"`: the prop types', () => {
    const r = at('export default { props: { t: { type: "$.in|" } } }')!;
    expect(r.labels).toEqual(expect.arrayContaining(['string', 'integer', '$.interface.http', '$.interface.timer', 'data_store', 'app']));
    expect(r.from).toBe(r.pos - 4);
    // The shorthand, and a string not closed yet.
    expect(at('export default { props: { db: "$.se|" } }')!.labels).toContain('$.service.db');
    expect(at('export default { props: { t: { type: "|')!.labels).toContain('string');
    // Not the component's own type, nor other fields of a prop.
    expect(at('export default { type: "ac|", props: {} }')).toBeNull();
    expect(at('export default { props: { t: { type: "string", label: "|" } } }')).toBeNull();
  });

  it('nothing in comments, in other strings or after other objects', () => {
    expect(at(inRun('// this.|'))).toBeNull();
    expect(at(inRun('const s = "this.|"'))).toBeNull();
    expect(at(inRun('foo.|'))).toBeNull();
    expect(at(inRun('x.this.|'))).toBeNull();
  });

  it('after `steps.`: the trigger and earlier steps; after `steps.<name>.`: what it exported and returned in the last run', () => {
    const run = (id: string, started_at: number, steps: Partial<WorkflowRun['steps'][number]>[], event: unknown): WorkflowRun => ({
      id, workflow_id: 'p_1', deployment_id: 'd', status: 'success', exit_reason: null, started_at, ended_at: started_at + 1, duration_ms: 1,
      trigger: { event, context: { id: id } },
      steps: steps.map((s) => ({ id: `s_${s.name}`, status: 'success', exports: {}, summary: null, logs: [], duration_ms: 1, error: null, ...s })) as WorkflowRun['steps'],
    });
    const runs = [
      // Newest first; "second" was skipped in the newest run.
      run('r2', 2, [{ name: 'first', exports: { greeting: 'hi Ada' }, $return_value: { n: 2 } }, { name: 'second', status: 'skipped' }], { body: { name: 'Ada', address: { city: 'Paris' } } }),
      run('r1', 1, [{ name: 'first', exports: { old: 1 } }, { name: 'second', exports: { done: true } }], { body: {} }),
    ];
    const ctx: EditorApiContext = { kind: 'step', steps: stepsFromRuns(runs, ['first', 'second']) };
    const step = (s: string) => `export default defineComponent({ async run({ steps, $ }) { ${s} } })`;
    expect(at(step('steps.|'), ctx)!.labels).toEqual(['trigger', 'first', 'second']);
    const first = at(step('return steps.first.|'), ctx)!;
    expect(first.labels).toEqual(['$return_value', 'greeting']);
    expect(first.option('greeting').detail).toBe('"hi Ada"');
    expect(first.option('greeting').info).toContain('In the last run:\n"hi Ada"');
    // A step skipped in the newest run: what it gave the last time it ran.
    expect(at(step('steps.second.|'), ctx)!.labels).toEqual(['done']);
    expect(at(step('steps.trigger.|'), ctx)!.labels).toEqual(['event', 'context']);
    expect(at(step('steps.trigger.event.body.|'), ctx)!.labels).toEqual(['name', 'address']);
    expect(at(step('steps.trigger.event.body.address.|'), ctx)!.labels).toEqual(['city']);
    // Before any run the names still complete.
    expect(at(step('steps.|'), { kind: 'step', steps: stepsFromRuns([], ['first']) })!.labels).toEqual(['trigger', 'first']);
  });

  it('hover: the signature and doc of the member under the pointer', () => {
    const code = inRun('this.$emit({ a: 1 }); $.respond({ status: 200 });');
    const hover = describeAt(code, code.indexOf('$emit') + 2, { kind: 'component' })!;
    expect(hover.info).toMatch(/^this\.\$emit\(event: JSONValue, metadata\?: EmitMetadata\): Promise<void>/);
    expect(describeAt(code, code.indexOf('respond') + 1, { kind: 'component' })!.info).toContain('Respond to an HTTP interface.');
    expect(describeAt(code, code.indexOf('status'), { kind: 'component' })).toBeNull();
  });
});
