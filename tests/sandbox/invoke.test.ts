// What a component can do through `this` and what an invocation reports back.
import { describe, expect, it } from 'vitest';
import { compileComponent } from '../../src/main/runtime/compile-component';
import { evalIn, request, run, usePool } from './sandbox-helpers';

const { pool } = usePool({ maxRunners: 2 });

describe('invoke', () => {
  it('returns emits, db changes, logs and the run() value', async () => {
    const { outcome, logs } = await run(
      pool,
      `export default {
        props: { db: '$.service.db' },
        async run(event) {
          console.log('hello', { a: 1 }, 42);
          console.error('oops %s', 'x');
          console.table([{ a: 1 }]);
          this.$emit({ got: event.n }, { id: 'e1', summary: 'first', name: 'ch', ts: 5 });
          this.$emit('plain');
          this.db.set('count', (this.db.get('count') ?? 0) + 1);
          this.db.set('gone', undefined);
          return { done: true };
        },
      }`,
      { event: { n: 7 }, interfaces: { db: { kind: 'db' } }, db: { count: 41, gone: 1 } },
    );
    expect(outcome).toMatchObject({ ok: true, killed: false, value: { done: true } });
    expect(outcome.emits).toEqual([{ event: { got: 7 }, id: 'e1', summary: 'first', name: 'ch', ts: 5 }, { event: 'plain' }]);
    expect(outcome.db).toEqual({ set: { count: 42 }, del: ['gone'] });
    expect(logs[0]).toEqual({ stream: 'stdout', line: "hello { a: 1 } 42" });
    expect(logs[1]).toEqual({ stream: 'stderr', line: 'oops x' });
    expect(logs[2].line).toContain('┌');
  });

  it('prints errors in logs like Node does, also nested ones', async () => {
    const { logs } = await run(
      pool,
      `export default { run() {
        const e = new TypeError('shown'); e.code = 'E_X';
        console.error(e);
        console.log({ nested: [new RangeError('inner')] });
      } }`,
    );
    expect(logs[0].line).toMatch(/^TypeError: shown\n\s+at /);
    expect(logs[0].line).toContain("code: 'E_X'");
    expect(logs[1].line).toMatch(/nested: \[\s*RangeError: inner/);
  });

  it('copies an emitted event at emit time and refuses non-JSON events', async () => {
    const { outcome } = await run(
      pool,
      `export default { run() {
        const e = { v: 1 }; this.$emit(e); e.v = 2;
        let err; try { this.$emit({ big: 1n }); } catch (x) { err = x.message; }
        return err;
      } }`,
    );
    expect(outcome.emits).toEqual([{ event: { v: 1 } }]);
    expect(outcome.value).toMatch(/not JSON-serializable/);
  });

  it('returns emits and db changes when run() throws, with the error serialized', async () => {
    const { outcome } = await run(
      pool,
      `export default { props: { db: '$.service.db' }, run() { this.$emit({ a: 1 }); this.db.set('k', 'v'); throw new RangeError('bad thing'); } }`,
      { interfaces: { db: { kind: 'db' } } },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.killed).toBe(false);
    expect(outcome.emits).toEqual([{ event: { a: 1 } }]);
    expect(outcome.db.set).toEqual({ k: 'v' });
    expect(outcome.error).toMatchObject({ name: 'RangeError', message: 'bad thing' });
    expect(outcome.error?.stack).toContain('component.mjs:');
    expect(outcome.error?.stack).not.toContain('out/main');
  });

  it('turns a thrown non-Error into an Error', async () => {
    const a = await run(pool, `export default { run() { throw 'just a string'; } }`);
    expect(a.outcome.error).toEqual({ name: 'Error', message: 'just a string' });
    const b = await run(pool, `export default { async run() { throw { code: 42 }; } }`);
    expect(b.outcome.error?.message).toBe('{ code: 42 }');
  });

  it('binds methods, which see props and call each other', async () => {
    const { outcome } = await run(
      pool,
      `export default {
        props: { name: { type: 'string' }, n: 'integer' },
        methods: {
          greet() { return 'hi ' + this.name + this.bang(); },
          bang() { return '!'.repeat(this.n); },
        },
        run() { const g = this.greet; return [g(), this.greet()]; },
      }`,
      { props: { name: 'ada', n: 2 } },
    );
    expect(outcome.value).toEqual(['hi ada!!', 'hi ada!!']);
  });

  it('runs CommonJS components and keeps module state between invocations of an instance', async () => {
    const src = `let calls = 0; module.exports = { name: 'cjs', run() { calls++; return calls; } };`;
    const first = await run(pool, src, { instanceId: 'dc_state' });
    const second = await run(pool, src, { instanceId: 'dc_state' });
    expect([first.outcome.value, second.outcome.value]).toEqual([1, 2]);
    pool.forget('dc_state');
    const third = await run(pool, src, { instanceId: 'dc_state' });
    expect(third.outcome.value).toBe(1);
  });

  it('runs hooks; a missing hook is a no-op success; a missing run() is an error', async () => {
    const src = `export default { props: { db: '$.service.db' }, hooks: { deploy() { this.db.set('deployed', true); } }, run() {} }`;
    const deploy = await run(pool, src, { method: 'deploy', interfaces: { db: { kind: 'db' } } });
    expect(deploy.outcome).toMatchObject({ ok: true, db: { set: { deployed: true }, del: [] } });
    const activate = await run(pool, src, { method: 'activate' });
    expect(activate.outcome).toMatchObject({ ok: true, emits: [] });
    const noRun = await run(pool, `export default { hooks: {} }`);
    expect(noRun.outcome.error?.message).toMatch(/no run\(\) method/);
  });

  it('gives timer props their value and http props endpoint + respond()', async () => {
    const { outcome, responses } = await run(
      pool,
      `export default {
        props: { timer: { type: '$.interface.timer' }, http: { type: '$.interface.http', customResponse: true } },
        async run() {
          this.http.respond({ status: '202', headers: { 'x-a': 'b' }, body: { ok: 1 } });
          let second; try { this.http.respond({ status: 200 }); } catch (e) { second = e.message; }
          return { timer: this.timer, endpoint: this.http.endpoint, second };
        },
      }`,
      {
        interfaces: {
          timer: { kind: 'timer', value: { intervalSeconds: 60 } },
          http: { kind: 'http', endpoint: 'http://127.0.0.1/e/tok', customResponse: true },
        },
      },
    );
    expect(responses).toEqual([{ status: 202, headers: { 'x-a': 'b' }, body: { ok: 1 } }]);
    expect(outcome.value).toMatchObject({ timer: { intervalSeconds: 60 }, endpoint: 'http://127.0.0.1/e/tok' });
    expect((outcome.value as { second: string }).second).toMatch(/already called/);
  });

  it('sends respond() at once, before run() ends, and validates it', async () => {
    const req = await request(
      `export default { props: { http: '$.interface.http' }, async run() {
        const bad = [];
        for (const s of [{ status: 99 }, { status: 'abc' }, { status: 200.5 }, { status: 200, headers: { a: {} } }, { status: 200, body: () => 1 }]) {
          try { this.http.respond(s); } catch (e) { bad.push(e.message); }
        }
        this.http.respond({ status: 200, body: Buffer.from('bin') });
        await new Promise((r) => setTimeout(r, 300));
        return bad;
      } }`,
      { interfaces: { http: { kind: 'http', endpoint: 'x', customResponse: true } } },
    );
    let respondedAt = 0;
    let body: unknown;
    const started = Date.now();
    const outcome = await pool.invoke(req, {
      onRespond: (r) => {
        respondedAt = Date.now();
        body = r.body;
      },
    });
    const finished = Date.now();
    expect(respondedAt - started).toBeLessThan(finished - started - 150);
    expect(body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(body as Uint8Array).toString()).toBe('bin');
    expect(outcome.value).toHaveLength(5);
    expect((outcome.value as string[])[0]).toMatch(/status must be an integer from 100 to 599/);
  });

  it('refuses db values over 60 KB and non-JSON values', async () => {
    const value = await evalIn(
      pool,
      `const out = [];
       try { this.db.set('big', 'x'.repeat(61441)); } catch (e) { out.push(e.message); }
       this.db.set('ok', 'x'.repeat(61438));
       try { this.db.set('fn', 1n); } catch (e) { out.push(e.message); }
       return out;`,
      { interfaces: { db: { kind: 'db' } } },
    );
    expect((value as string[])[0]).toMatch(/limit is 61440 bytes/);
    expect((value as string[])[1]).toMatch(/not JSON-serializable/);
  });

  it('drops an $emit from leftover code after the result, with a log line', async () => {
    // A promise chain that goes on after run() returned (timers are cancelled at the end).
    const req = await request(`export default { run() { (async () => { for (let i = 0; i < 20; i++) await null; this.$emit({ late: true }); console.log('late log'); })(); } }`);
    const lines: string[] = [];
    const outcome = await pool.invoke(req, { onLog: (_s, line) => lines.push(line) });
    expect(outcome.emits).toEqual([]);
    await expect.poll(() => lines, { timeout: 2000 }).toContain('late log');
    expect(lines.some((l) => l.includes('$emit() was called after the invocation ended'))).toBe(true);
  });

  it('cancels the timers an invocation left pending when it ends, with a log line', async () => {
    const req = await request(`export default { run() {
      setTimeout(() => console.log('timeout fired'), 30);
      setInterval(() => console.log('interval fired'), 30);
      require('timers/promises').setTimeout(30).then(() => console.log('promise timer fired'));
    } }`);
    const lines: string[] = [];
    const outcome = await pool.invoke(req, { onLog: (_s, line) => lines.push(line) });
    expect(outcome.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(lines.filter((l) => l.includes('fired'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^\[runnel\] run\(\) returned with 3 pending timers .*cancelled/));
  });

  it('reports an exception thrown in a timer callback in the component log', async () => {
    const req = await request(`export default { async run() { setTimeout(() => { throw new Error('from timer'); }, 1); await new Promise((r) => setTimeout(r, 50)); } }`);
    const lines: string[] = [];
    const outcome = await pool.invoke(req, { onLog: (_s, line) => lines.push(line) });
    expect(outcome.ok).toBe(true);
    expect(lines, JSON.stringify(lines)).toContainEqual(expect.stringMatching(/^Uncaught Error: from timer/));
  });
});

describe('inspect', () => {
  it('describes props, methods and hooks', async () => {
    const { code, codeHash } = await compileComponent(`
      const app = { type: 'app', app: 'github', methods: { x() {} } };
      export default {
        name: 'Demo', key: 'demo', version: '0.1.0', description: 'd', type: 'source', dedupe: 'unique',
        props: {
          http: '$.interface.http',
          github: app,
          repo: { propDefinition: [app, 'repo'], type: 'string' },
          n: { type: 'integer', label: 'N', min: 1, max: 9, default: 3, optional: true, secret: false },
          pick: { type: 'string', options: ['a', 'b'] },
          remote: { type: 'string', async options() { return []; }, reloadProps: true },
          when: { type: 'object', default: { nested: [1, 2] } },
          odd: { type: 'any', default: () => 1 },
          hook: { type: '$.interface.http', customResponse: true },
        },
        methods: { a() {}, b: 1 },
        hooks: { deploy() {}, activate() {} },
        additionalProps() { return {}; },
        async run() {},
      };`);
    const meta = await pool.inspect(code, codeHash);
    expect(meta).toMatchObject({ name: 'Demo', key: 'demo', version: '0.1.0', type: 'source', dedupe: 'unique', hasRun: true, hasAdditionalProps: true });
    expect(meta.methods).toEqual(['a']);
    expect(meta.hooks).toEqual(['deploy', 'activate']);
    const byName = Object.fromEntries(meta.props.map((p) => [p.name, p]));
    expect(byName.http).toEqual({ name: 'http', type: '$.interface.http' });
    expect(byName.github).toEqual({ name: 'github', type: 'app', app: 'github' });
    expect(byName.repo).toEqual({ name: 'repo', type: 'string', propDefinition: [{ type: 'app', app: 'github' }, 'repo'] });
    expect(byName.n).toEqual({ name: 'n', type: 'integer', label: 'N', min: 1, max: 9, default: 3, optional: true, secret: false });
    expect(byName.pick.options).toEqual(['a', 'b']);
    expect(byName.remote).toMatchObject({ options: true, reloadProps: true });
    expect(byName.when.default).toEqual({ nested: [1, 2] });
    expect(byName.odd).toEqual({ name: 'odd', type: 'any' });
    expect(byName.hook.customResponse).toBe(true);
  });

  it('rejects modules that throw, export no object, or need npm packages, with clear messages', async () => {
    const cases: [string, RegExp][] = [
      [`throw new Error('at load');`, /at load/],
      [`module.exports = 42;`, /does not export a component object/],
    ];
    for (const [src, re] of cases) {
      const { code, codeHash } = await compileComponent(src);
      await expect(pool.inspect(code, codeHash)).rejects.toThrow(re);
    }
    // Code that did not come through the compiler (which bundles packages and escapes HTML
    // comment text) is still refused clearly by the runner itself.
    const raw: [string, RegExp][] = [
      [`require('axios'); module.exports = { run() {} };`, /npm packages are not supported yet.*axios/],
      [`const s = "<!-- x -->"; module.exports = {};`, /"<!--"/],
    ];
    for (const [code, re] of raw) await expect(pool.inspect(code, `raw-${code.length}`)).rejects.toThrow(re);
    await expect(compileComponent(`import axios from 'axios'; export default { run() {} }`)).rejects.toThrow(/npm packages are not available.*axios/);
    const escaped = await compileComponent(`export default { name: "x", version: "1", run() { return "<!-- x -->"; } }`);
    expect((await pool.inspect(escaped.code, escaped.codeHash)).hasRun).toBe(true);
  });

  it('inspects a component whose module starts timers without running them later', async () => {
    const { code, codeHash } = await compileComponent(`setInterval(() => console.log('tick'), 1); export default { run() {} }`);
    const meta = await pool.inspect(code, codeHash);
    expect(meta.hasRun).toBe(true);
  });
});
