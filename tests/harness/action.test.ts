// runnel/testing on actions and workflow code steps: run({ steps, $ }) in a real runner, with
// the return value, exports, summary, $.send calls (recorded, not carried out) and db.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, httpEvent, loadComponent, type TestComponent } from '../../src/main/testing/index';
import { FIXTURES, useTempFiles } from './helpers';

const files = useTempFiles();

describe('an action', () => {
  let c: TestComponent;
  beforeAll(async () => {
    c = await loadComponent(join(FIXTURES, 'notify-action.mjs'), { props: { url: 'https://example.invalid/hook', who: '{{steps.count.name}}' }, db: { sent: 1 } });
  });
  afterAll(() => c.close());

  it('returns the return value, exports, summary, $.send calls, logs and db', async () => {
    const r = await c.runAction({ event: { n: 3 }, steps: { count: { $return_value: 41, name: 'Ada' } } });
    expect(r.error).toBeUndefined();
    expect(c.type).toBe('action');
    expect(r.returnValue).toEqual({ sent: 2, total: 42 });
    expect(r.exports).toEqual({ who: 'Ada' });
    expect(r.summary).toBe('notified Ada');
    expect(r.sends).toEqual([{ kind: 'http', params: expect.objectContaining({ method: 'POST', url: 'https://example.invalid/hook', data: { who: 'Ada', n: 3 } }) }]);
    expect(r.logs.map((l) => l.line)).toEqual(['notifying Ada']);
    expect(r.db).toEqual({ sent: 2 });
    expect(r.exit).toBeUndefined();
  });

  it('takes props per run and a fixture as the trigger event', async () => {
    const r = await c.runAction({ event: fixture(join(FIXTURES, 'dc_Lrumv2EaQ1-1763784005120-0.json')), steps: { count: { $return_value: 1 } }, props: { who: 'Bo' } });
    expect(r.returnValue).toEqual({ sent: 3, total: 2 });
    expect(r.sends[0].params.data).toEqual({ who: 'Bo', n: 7 });
  });

  it('evaluates JavaScript {{ }} props in the sandbox, as the service does', async () => {
    const r = await c.runAction({ event: { n: 2 }, steps: { count: { $return_value: 1, name: '<i>Di</i>' } }, props: { who: "{{ steps.count.name.replace(/<.*?>/g, '').toUpperCase() }}" } });
    expect(r.error).toBeUndefined();
    expect(r.exports).toEqual({ who: 'DI' });
  });

  it('gives the component the env option as process.env, in code and in {{ }} props', async () => {
    const e = await loadComponent(join(FIXTURES, 'notify-action.mjs'), { props: { url: 'https://example.invalid/hook', who: '{{process.env.WHO}}' }, env: { WHO: 'Eve' } });
    try {
      const r = await e.runAction({ event: { n: 1 }, steps: { count: { $return_value: 0 } } });
      expect(r.error).toBeUndefined();
      expect(r.exports).toEqual({ who: 'Eve' });
    } finally {
      await e.close();
    }
  });

  it('reports a failing step with its error, and no sends (the service carries them out only after a step succeeds)', async () => {
    const r = await c.runAction({ event: { n: 1 }, props: { who: 'Cy' } });
    expect(r.error).toMatchObject({ name: 'TypeError' });
    expect(r.error?.message).toMatch(/\$return_value/);
    expect(r.sends).toEqual([]);
  });

  it('reports props that cannot be configured as a ConfigurationError', async () => {
    const r = await c.runAction({ props: { who: 5 }, steps: { count: { $return_value: 1 } } });
    expect(r.error).toEqual({ name: 'ConfigurationError', message: 'Prop "who" must be a string' });
  });
});

describe('a workflow code step (no name, no version)', () => {
  it('runs as an action named after its file: $.flow.exit, $.respond and every $.send kind', async () => {
    const file = files.write(
      'route.mjs',
      `export default defineComponent({
        async run({ steps, $ }) {
          const body = steps.trigger.event.body;
          if (!body.go) return $.flow.exit('nothing to do');
          await $.respond({ status: 202, body: { ok: true } });
          $.send.email({ subject: 'Hi', text: 'there' });
          $.send.emit({ routed: true });
          $.send.sse({ channel: 'news', payload: { n: 1 } });
          $.send.s3({ bucket: 'my-bucket', prefix: 'in/', payload: { a: 1 } });
          $.export('context_id', $.context.id);
          return steps.trigger.context.workflow_id;
        },
      })`,
    );
    await using c = await loadComponent(file);
    expect({ name: c.name, type: c.type }).toEqual({ name: 'route', type: 'action' });
    const exited = await c.runAction({ event: httpEvent({ body: { go: false } }) });
    expect(exited.exit).toEqual({ reason: 'nothing to do' });
    expect(exited.error).toBeUndefined();

    const r = await c.runAction({ event: httpEvent({ body: { go: true } }) });
    expect(r.error).toBeUndefined();
    expect(r.response).toEqual({ status: 202, body: { ok: true } });
    expect(r.returnValue).toBe('p_test');
    expect(r.exports.context_id).toMatch(/^r_test/);
    expect(r.sends.map((s) => s.kind)).toEqual(['email', 'emit', 'sse', 's3']);
    expect(r.sends[1]).toEqual({ kind: 'emit', params: { event: { routed: true }, raw: false } });
  });
});
