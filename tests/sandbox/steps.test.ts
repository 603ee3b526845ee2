// Workflow steps: `run({ steps, $ })` with exports, $summary, $.flow, $.respond, $.context and
// $.send.*, run on the real runner.
import { describe, expect, it } from 'vitest';
import { compileComponent } from '../../src/main/runtime/compile-component';
import type { InvokeRequest, StepContext } from '../../src/main/domain/invocations';
import { request, run, usePool } from './sandbox-helpers';

const { pool, scratch } = usePool({ maxRunners: 2 });

const stepContext = (o: Partial<StepContext> = {}): StepContext => ({
  steps: { trigger: { event: { body: { n: 1 } }, context: { id: 'ev1' } } },
  context: { id: 'run1', workflow_id: 'p_1' },
  canRespond: false,
  ...o,
});

/** Runs `source` as a workflow step. */
function runStep(source: string, o: Partial<InvokeRequest> = {}) {
  return run(pool, source, { root: scratch.dir, step: stepContext(), event: undefined, ...o });
}

/** Runs `body` inside `async run({ steps, $ })` and returns the outcome. */
function stepBody(body: string, o: Partial<InvokeRequest> = {}) {
  return runStep(`export default { async run({ steps, $ }) { ${body} } }`, o);
}

/** Runs each statement as its own try and returns the messages of what it threw (or 'no error'). */
async function thrownBy(statements: string[], o: Partial<InvokeRequest> = {}): Promise<string[]> {
  const tries = statements.map((s) => `try { ${s}; out.push('no error'); } catch (e) { out.push(e.message); }`).join('\n');
  const { outcome } = await stepBody(`const out = []; ${tries} return out;`, o);
  expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
  return outcome.value as string[];
}

describe('workflow step run({ steps, $ })', () => {
  it('receives frozen copies of steps and $.context and returns its value', async () => {
    const { outcome } = await stepBody(`
      let mutated = 'no';
      try { steps.trigger.event.body.n = 2; } catch { mutated = 'refused'; }
      try { $.context.id = 'x'; } catch { mutated += ' refused'; }
      return { n: steps.trigger.event.body.n, ctx: $.context, mutated, hasEmit: typeof this.$emit };
    `);
    expect(outcome).toMatchObject({ ok: true, emits: [] });
    expect(outcome.value).toEqual({ n: 1, ctx: { id: 'run1', workflow_id: 'p_1' }, mutated: 'refused refused', hasEmit: 'undefined' });
    expect(outcome.step).toEqual({ exports: {}, sends: [], responded: false });
  });

  it('records exports (copied at export time, later ones overwrite) and $summary', async () => {
    const { outcome } = await stepBody(`
      const v = { a: 1 };
      $.export('v', v); v.a = 2;
      $.export('n', 1); $.export('n', 2);
      $.export('$summary', 42);
      const bad = [];
      try { $.export('fn', () => 1); } catch (e) { bad.push(e.name + ': ' + e.message); }
      try { $.export('', 1); } catch (e) { bad.push(e.message); }
      return bad;
    `);
    expect(outcome.ok).toBe(true);
    expect(outcome.step).toMatchObject({ exports: { v: { a: 1 }, n: 2 }, summary: '42' });
    const [fn, empty] = outcome.value as string[];
    expect(fn).toMatch(/^TypeError: \$\.export: the value of export "fn" cannot be copied/);
    expect(empty).toMatch(/^\$\.export: the name must be a non-empty string/);
  });

  it('ends the step with $.flow.exit, with or without return, with a reason', async () => {
    const plain = await stepBody(`$.export('before', 1); $.flow.exit('done early'); $.export('after', 1); return 'unreached';`);
    expect(plain.outcome).toMatchObject({ ok: true, step: { exports: { before: 1 }, exit: { reason: 'done early' } } });
    expect(plain.outcome.value).toBeUndefined();
    expect(plain.outcome.error).toBeUndefined();

    const returned = await stepBody(`await new Promise((r) => setTimeout(r, 5)); return $.flow.exit();`);
    expect(returned.outcome).toMatchObject({ ok: true, step: { exit: { reason: '' } } });

    // A broad try/catch that swallows the exit does not undo it; the step goes on and ends as it will.
    const swallowed = await stepBody(`try { $.flow.exit('asked'); } catch {} return 'went on';`);
    expect(swallowed.outcome).toMatchObject({ ok: true, value: 'went on', step: { exit: { reason: 'asked' } } });
  });

  const flow = { resume_url: 'http://h/flow/R/resume', cancel_url: 'http://h/flow/C/cancel' };

  it('$.flow.delay / suspend / rerun return the resume and cancel URLs and record a pause for the end of the step (the last call wins)', async () => {
    const delay = await stepBody(`const urls = $.flow.delay(1500.2); $.export('after', 1); return urls;`, { step: stepContext({ flow }) });
    expect(delay.outcome).toMatchObject({ ok: true, value: flow, step: { exports: { after: 1 }, pause: { kind: 'delay', ms: 1501 } } });

    const suspend = await stepBody(`return $.flow.suspend();`, { step: stepContext({ flow }) });
    expect(suspend.outcome).toMatchObject({ ok: true, value: flow, step: { pause: { kind: 'suspend', ms: 24 * 3600 * 1000 } } });

    const rerun = await stepBody(`$.flow.delay(5); return $.flow.rerun(2000, { page: 2 });`, { step: stepContext({ flow }) });
    expect(rerun.outcome.step!.pause).toEqual({ kind: 'rerun', ms: 2000, context: { page: 2 }, maxRetries: 10 });

    const bad = await thrownBy(
      [`$.flow.delay(0)`, `$.flow.delay('1000')`, `$.flow.delay(400 * 24 * 3600 * 1000)`, `$.flow.rerun(10, {}, -1)`, `$.flow.rerun(10, { big: 'x'.repeat(70000) })`, `$.flow.rerun(10, { f() {} })`],
      { step: stepContext({ flow }) },
    );
    expect(bad[0]).toBe('Runnel: $.flow.delay(ms): ms must be a number of milliseconds from 1 to 31536000000 (1 year), got 0');
    expect(bad[1]).toMatch(/ms must be a number of milliseconds .* got string/);
    expect(bad[2]).toMatch(/got 34560000000$/);
    expect(bad[3]).toMatch(/maxRetries must be a whole number from 0 to 10000, got -1/);
    expect(bad[4]).toMatch(/the context is over 64 KB as JSON/);
    expect(bad[5]).toMatch(/the context cannot be copied/);

    // As hosted: $.respond after a pause is refused (the caller is answered when the run pauses); before it, it answers.
    const order = await thrownBy([`$.flow.delay(10); $.respond({ status: 200 })`], { step: stepContext({ flow, canRespond: true }) });
    expect(order[0]).toMatch(/^Runnel: \$\.respond cannot be called after \$\.flow\.delay, suspend or rerun/);
    const first = await stepBody(`$.respond({ status: 201 }); return $.flow.delay(10);`, { step: stepContext({ flow, canRespond: true }) });
    expect(first.outcome).toMatchObject({ ok: true, step: { responded: true, pause: { kind: 'delay', ms: 10 } } });

    // Without URLs (no service to resume the run), a pause is refused rather than ignored.
    const outside = await thrownBy([`$.flow.delay(1000)`]);
    expect(outside[0]).toMatch(/^Runnel: \$\.flow\.delay\(\) pauses a workflow run/);
  });

  it('answers the HTTP request with $.respond at once, once', async () => {
    const req = await request(
      `export default { async run({ $ }) {
        $.respond({ status: '201', headers: { 'x-n': 5 }, body: { ok: true }, immediate: true });
        let second; try { $.respond({ status: 200 }); } catch (e) { second = e.message; }
        await new Promise((r) => setTimeout(r, 200));
        return second;
      } }`,
      { root: scratch.dir, step: stepContext({ canRespond: true }) },
    );
    const responses: unknown[] = [];
    let respondedAt = 0;
    const started = Date.now();
    const outcome = await pool.invoke(req, {
      onRespond: (r) => {
        respondedAt = Date.now();
        responses.push(r);
      },
    });
    expect(respondedAt - started).toBeLessThan(Date.now() - started - 100);
    expect(responses).toEqual([{ status: 201, headers: { 'x-n': '5' }, body: { ok: true } }]);
    expect(outcome.value).toMatch(/^\$\.respond: already called/);
    expect(outcome.step?.responded).toBe(true);
  });

  it('validates $.respond and refuses it in a workflow that was not triggered over HTTP', async () => {
    const allowed = { step: stepContext({ canRespond: true }) };
    expect(await thrownBy([`$.respond({ status: 700 })`, `$.respond({ status: 200, headers: { a: [] } })`, `$.respond('ok')`], allowed)).toEqual([
      expect.stringMatching(/^\$\.respond: status must be an integer from 100 to 599/),
      '$.respond: headers["a"] must be a string, got array',
      expect.stringMatching(/^\$\.respond: expects an object/),
    ]);
    const refused = await stepBody(`$.respond({ status: 200 })`);
    expect(refused.outcome).toMatchObject({ ok: false, error: { message: '$.respond is only available in a workflow triggered by an HTTP request' } });
    expect(refused.outcome.step?.responded).toBe(false);
    expect(refused.responses).toEqual([]);
  });

  it('records each $.send.* call in order', async () => {
    const { outcome } = await stepBody(`
      const data = { x: 1 };
      $.send.http({ method: 'put', url: 'https://example.com/hook', data, headers: { 'x-n': 1, 'x-b': true }, params: { q: 'a' }, auth: { username: 'u', password: 'p' } });
      data.x = 2;
      $.send.http({ url: 'http://127.0.0.1:9/x' });
      $.send.email({ subject: 'Hi', text: 'body' });
      $.send.email({ subject: 'Hi', html: '<b>b</b>' });
      $.send.s3({ bucket: 'my.bucket-1', prefix: 'logs/2024/', payload: [1, 2] });
      $.send.s3({ bucket: 'abc', prefix: '', payload: 'x' });
      $.send.emit({ a: 1 });
      $.send.emit({ a: 2 }, 'ch');
      $.send.emit({ raw_event: { b: 1 } });
      $.send.emit({ raw_event: { b: 2 }, channel: 'raw' });
      $.send.sse({ channel: 'live', payload: { c: 1 } });
    `);
    expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
    expect(outcome.step?.sends).toEqual([
      { kind: 'http', method: 'PUT', url: 'https://example.com/hook', data: { x: 1 }, headers: { 'x-n': '1', 'x-b': 'true' }, params: { q: 'a' }, auth: { username: 'u', password: 'p' } },
      { kind: 'http', method: 'POST', url: 'http://127.0.0.1:9/x' },
      { kind: 'email', subject: 'Hi', text: 'body' },
      { kind: 'email', subject: 'Hi', html: '<b>b</b>' },
      { kind: 's3', bucket: 'my.bucket-1', prefix: 'logs/2024/', payload: [1, 2] },
      { kind: 's3', bucket: 'abc', prefix: '', payload: 'x' },
      { kind: 'emit', event: { a: 1 }, raw: false },
      { kind: 'emit', event: { a: 2 }, channel: 'ch', raw: false },
      { kind: 'emit', event: { b: 1 }, raw: true },
      { kind: 'emit', event: { b: 2 }, channel: 'raw', raw: true },
      { kind: 'sse', channel: 'live', payload: { c: 1 } },
    ]);
  });

  it('refuses bad $.send.* parameters with messages that say what is wrong', async () => {
    const messages = await thrownBy([
      `$.send.http({ method: 'TRACE', url: 'https://x.io' })`,
      `$.send.http({ url: 'ftp://x.io/f' })`,
      `$.send.http({ url: 'not a url' })`,
      `$.send.http({ url: 'https://x.io', headers: { a: {} } })`,
      `$.send.http({ url: 'https://x.io', auth: { username: 'u' } })`,
      `$.send.http({ url: 'https://x.io', data: () => 1 })`,
      `$.send.email({ text: 'no subject' })`,
      `$.send.email({ subject: 'only subject' })`,
      `$.send.s3({ bucket: 'Bad_Bucket', prefix: '', payload: 1 })`,
      `$.send.s3({ bucket: 'abc', prefix: 'a/../b', payload: 1 })`,
      `$.send.s3({ bucket: 'abc', prefix: '/abs', payload: 1 })`,
      `$.send.s3({ bucket: 'abc', prefix: '' })`,
      `$.send.emit()`,
      `$.send.emit({ a: 1 }, 5)`,
      `$.send.emit(Symbol('x'))`,
      `$.send.sse({ payload: 1 })`,
      `$.send.sse({ channel: 'c', payload: new WeakMap() })`,
      `$.send.sse('c')`,
    ]);
    expect(messages).toEqual([
      expect.stringMatching(/^\$\.send\.http: method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got "TRACE"/),
      '$.send.http: url must use http or https, got ftp:',
      '$.send.http: url must be an absolute http(s) URL, got "not a url"',
      '$.send.http: headers["a"] must be a string, got object',
      '$.send.http: auth must be { username, password } with both strings',
      expect.stringMatching(/^\$\.send\.http: data cannot be copied to the main process/),
      expect.stringMatching(/^\$\.send\.email: subject is required/),
      '$.send.email: give the message as text, html or both',
      expect.stringMatching(/^\$\.send\.s3: bucket must be an S3 bucket name .*got "Bad_Bucket"/),
      '$.send.s3: prefix must not contain ".." segments, got "a/../b"',
      '$.send.s3: prefix must not start with "/", got "/abs"',
      '$.send.s3: payload is required',
      expect.stringMatching(/^\$\.send\.emit: an event is required/),
      '$.send.emit: channel must be a string, got number',
      expect.stringMatching(/^\$\.send\.emit: the event cannot be copied/),
      expect.stringMatching(/^\$\.send\.sse: channel is required/),
      expect.stringMatching(/^\$\.send\.sse: payload cannot be copied/),
      '$.send.sse: expects an object like { channel, payload }, got string',
    ]);
  });

  it('gives a step its props, interface values and methods on `this`', async () => {
    const { outcome } = await runStep(
      `export default {
        props: { db: '$.service.db', greeting: { type: 'string' } },
        methods: { shout(s) { return s.toUpperCase() + '!'; } },
        async run({ steps }) {
          this.db.set('seen', (this.db.get('seen') ?? 0) + 1);
          return this.shout(this.greeting + ' ' + steps.trigger.context.id);
        },
      }`,
      { props: { greeting: 'hi' }, interfaces: { db: { kind: 'db' } }, db: { seen: 1 } },
    );
    expect(outcome).toMatchObject({ ok: true, value: 'HI EV1!', db: { set: { seen: 2 }, del: [] } });
  });

  it('runs a defineComponent module, which inspects like a plain export', async () => {
    const source = `export default defineComponent({
      name: 'Step', key: 'step', props: { x: { type: 'integer' } },
      async run({ $ }) { $.export('x', this.x); return defineAction({ a: 1 }).a + defineSource(1) + defineApp(1); },
    })`;
    const { outcome } = await runStep(source, { props: { x: 3 } });
    expect(outcome).toMatchObject({ ok: true, value: 3, step: { exports: { x: 3 } } });
    const { code, codeHash } = await compileComponent(source);
    const meta = await pool.inspect(code, codeHash);
    expect(meta).toMatchObject({ name: 'Step', key: 'step', hasRun: true, props: [{ name: 'x', type: 'integer' }] });
  });

  it('still reports what a throwing step recorded before the throw', async () => {
    const { outcome } = await stepBody(`
      $.export('partial', 1); $.export('$summary', 'half');
      $.send.sse({ channel: 'c', payload: 1 });
      throw new RangeError('step broke');
    `);
    expect(outcome).toMatchObject({ ok: false, error: { name: 'RangeError', message: 'step broke' } });
    expect(outcome.step).toEqual({ exports: { partial: 1 }, summary: 'half', sends: [{ kind: 'sse', channel: 'c', payload: 1 }], responded: false });
  });

  it('ignores $ calls after the step ended, with a log line', async () => {
    const req = await request(
      // A promise chain that goes on after run() returned (timers are cancelled at the end).
      `export default { run({ $ }) { (async () => { for (let i = 0; i < 20; i++) await null; $.export('late', 1); $.send.sse({ channel: 'c', payload: 1 }); })(); } }`,
      { root: scratch.dir, step: stepContext() },
    );
    const lines: string[] = [];
    const outcome = await pool.invoke(req, { onLog: (_s, line) => lines.push(line) });
    expect(outcome.step).toEqual({ exports: {}, sends: [], responded: false });
    await expect.poll(() => lines.filter((l) => l.startsWith('[runnel]')), { timeout: 2000 }).toEqual([
      '[runnel] $.export("late") was called after the step ended; it was ignored',
      '[runnel] $.send.sse() was called after the step ended; it was ignored',
    ]);
  });

  it('ignores batch for a step and reports a load failure with an empty step result', async () => {
    const batch = await stepBody(`return 'once';`, { batch: [1, 2] });
    expect(batch.outcome).toMatchObject({ ok: true, value: 'once', step: { exports: {} } });
    const broken = await runStep(`throw new Error('at load'); export default {}`);
    expect(broken.outcome).toMatchObject({ ok: false, error: { message: 'at load' }, step: { exports: {}, sends: [], responded: false } });
  });
});
