// Configuration-time calls: a prop's async options() and additionalProps(), run on a `this` of
// configured values in a throwaway compartment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileComponent } from '../../src/main/runtime/compile-component';
import type { RunnerPool } from '../../src/main/sandbox/client/runner-pool';
import type { ConfigureCall, ConfigureResult } from '../../src/main/domain/sandbox';
import type { PropDescriptor } from '../../src/main/domain/components';
import { makePool } from './sandbox-helpers';

let pool: RunnerPool;

beforeAll(() => {
  pool = makePool({ maxRunners: 2 });
});
afterAll(async () => {
  await pool.dispose();
});

async function configure(source: string, call: ConfigureCall, props: Record<string, unknown> = {}, on = pool): Promise<ConfigureResult> {
  const { code, codeHash } = await compileComponent(source);
  return on.configure(code, codeHash, call, props);
}

const options = (prop: string, more: Partial<Extract<ConfigureCall, { kind: 'options' }>> = {}): ConfigureCall => ({ kind: 'options', prop, page: 0, ...more });
const additional = (previousPropDefs: PropDescriptor[] = []): ConfigureCall => ({ kind: 'additionalProps', previousPropDefs });

/** The rejection of `p` as { name, message }. */
async function rejection(p: Promise<unknown>): Promise<{ name: string; message: string }> {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as Error | undefined;
  if (!err) throw new Error('expected a rejection');
  return { name: err.name, message: err.message };
}

describe('configure: options', () => {
  const paged = `export default { props: { item: { type: 'string', async options({ page }) {
    return ['a', 'b'].map((x) => 'p' + page + '-' + x);
  } } } }`;

  it('calls options() with the page; an array answer has a null context', async () => {
    expect(await configure(paged, options('item'))).toEqual({ kind: 'options', options: ['p0-a', 'p0-b'], context: null });
    expect(await configure(paged, options('item', { page: 2 }))).toEqual({ kind: 'options', options: ['p2-a', 'p2-b'], context: null });
  });

  it('returns { options, context } as given and passes prevContext back in', async () => {
    const src = `export default { props: { repo: { type: 'string', async options({ prevContext }) {
      await new Promise((r) => setTimeout(r, 5));
      const token = prevContext?.nextPageToken;
      return { options: [token ?? 'first'], context: { nextPageToken: token ? null : 'tok-2' } };
    } } } }`;
    const first = await configure(src, options('repo'));
    expect(first).toEqual({ kind: 'options', options: ['first'], context: { nextPageToken: 'tok-2' } });
    const second = await configure(src, options('repo', { page: 1, prevContext: first.kind === 'options' ? first.context : undefined }));
    expect(second).toEqual({ kind: 'options', options: ['tok-2'], context: { nextPageToken: null } });
  });

  it('passes the query, and sees configured props and methods on this', async () => {
    const src = `export default {
      props: { region: 'string', city: { type: 'string', options({ query }) { return [this.prefix() + (query ?? 'none')]; } } },
      methods: { prefix() { return this.region + ':'; } },
    }`;
    expect(await configure(src, options('city', { query: 'ber' }), { region: 'eu' })).toMatchObject({ options: ['eu:ber'] });
    expect(await configure(src, options('city'), { region: 'us' })).toMatchObject({ options: ['us:none'] });
  });

  it('accepts strings, numbers, booleans and { label, value } in one answer', async () => {
    const src = `export default { props: { x: { type: 'any', options: () => ['a', 1, false, { label: 'Three', value: { id: 3 } }] } } }`;
    expect(await configure(src, options('x'))).toEqual({ kind: 'options', options: ['a', 1, false, { label: 'Three', value: { id: 3 } }], context: null });
  });

  it('rejects a bad option or answer shape, naming the prop', async () => {
    const withAnswer = (answer: string) => `export default { props: { pick: { type: 'string', async options() { return ${answer}; } } } }`;
    expect(await rejection(configure(withAnswer('["ok", null]'), options('pick')))).toEqual({
      name: 'TypeError',
      message: 'options() of prop "pick" returned an invalid option at index 1: expected a string, number, boolean or { label, value }, got null',
    });
    expect((await rejection(configure(withAnswer('[{ label: "no value" }]'), options('pick')))).message).toMatch(
      /^options\(\) of prop "pick" returned an invalid option at index 0: an object needs a string "label" and a "value"/,
    );
    expect((await rejection(configure(withAnswer('[{ label: "f", value: () => 1 }]'), options('pick')))).message).toMatch(
      /^options\(\) of prop "pick": the option at index 0 cannot be copied/,
    );
    expect((await rejection(configure(withAnswer('{ options: "a,b" }'), options('pick')))).message).toBe(
      'options() of prop "pick" returned an object whose "options" is string, not an array',
    );
    expect((await rejection(configure(withAnswer('42'), options('pick')))).message).toBe(
      'options() of prop "pick" must return an array of options or { options, context }, got number',
    );
  });

  it('rejects a missing prop and a prop without async options', async () => {
    const src = `export default { props: { plain: 'string', fixed: { type: 'string', options: ['a'] } } }`;
    expect(await rejection(configure(src, options('nope')))).toEqual({ name: 'Error', message: 'The component has no prop "nope"' });
    expect(await rejection(configure(src, options('plain')))).toEqual({ name: 'Error', message: 'Prop "plain" has no async options' });
    expect(await rejection(configure(src, options('fixed')))).toEqual({ name: 'Error', message: 'Prop "fixed" has no async options' });
    expect((await rejection(configure(src, options('toString')))).message).toBe('The component has no prop "toString"');
  });

  it("binds an app's methods to its configured value, so this.app.method() reads this.$auth", async () => {
    const src = `export default { props: {
      github: { type: 'app', app: 'github', methods: {
        _token() { return this.$auth.oauth_access_token; },
        async listRepos(page) { return [this._token() + '/repo' + page]; },
      } },
      repo: { type: 'string', async options({ page }) { return this.github.listRepos(page); } },
    } }`;
    const result = await configure(src, options('repo', { page: 3 }), { github: { $auth: { oauth_access_token: 'T0K' } } });
    expect(result).toEqual({ kind: 'options', options: ['T0K/repo3'], context: null });
  });

  it('refuses fs, as inspect does', async () => {
    const src = `const fs = require('fs');
      export default { props: { f: { type: 'string', options() { try { fs.readFileSync('/tmp/x'); return ['read']; } catch (e) { return ['refused']; } } } } }`;
    expect(await configure(src, options('f'))).toMatchObject({ options: ['refused'] });
  });
});

describe('configure: additionalProps', () => {
  it('returns props that depend on the configured values, described like inspect', async () => {
    const src = `export default {
      props: { kind: { type: 'string', options: ['channel', 'user'], reloadProps: true } },
      async additionalProps() {
        if (this.kind === 'channel') return { channel: { type: 'string', label: 'Channel', async options() { return []; } } };
        if (this.kind === 'user') return { user: 'string', limit: { type: 'integer', default: 10, optional: true, min: 1 } };
        return {};
      },
    }`;
    expect(await configure(src, additional(), { kind: 'channel' })).toEqual({
      kind: 'additionalProps',
      props: [{ name: 'channel', type: 'string', label: 'Channel', options: true }],
    });
    expect(await configure(src, additional(), { kind: 'user' })).toEqual({
      kind: 'additionalProps',
      props: [
        { name: 'user', type: 'string' },
        { name: 'limit', type: 'integer', default: 10, optional: true, min: 1 },
      ],
    });
    expect(await configure(src, additional())).toEqual({ kind: 'additionalProps', props: [] });
  });

  it('passes previousPropDefs and sees methods on this', async () => {
    const src = `export default {
      methods: { label(defs) { return defs.map((d) => d.name).join(','); } },
      additionalProps(previousPropDefs) { return { seen: { type: 'string', label: this.label(previousPropDefs) } }; },
    }`;
    const defs: PropDescriptor[] = [
      { name: 'a', type: 'string' },
      { name: 'b', type: 'integer' },
    ];
    expect(await configure(src, additional(defs))).toEqual({ kind: 'additionalProps', props: [{ name: 'seen', type: 'string', label: 'a,b' }] });
  });

  it('answers [] for a module without additionalProps, and for an answer of undefined', async () => {
    expect(await configure(`export default { props: { a: 'string' } }`, additional())).toEqual({ kind: 'additionalProps', props: [] });
    expect(await configure(`export default { additionalProps() {} }`, additional())).toEqual({ kind: 'additionalProps', props: [] });
    expect((await rejection(configure(`export default { additionalProps: () => ['x'] }`, additional()))).message).toBe(
      'additionalProps() must return an object of prop definitions, got array',
    );
  });
});

describe('configure: errors', () => {
  it('keeps the name and message of a ConfigurationError, however it sets its name', async () => {
    const classField = `class ConfigurationError extends Error { name = 'ConfigurationError'; }
      export default { props: { kind: 'string' }, async additionalProps() { throw new ConfigurationError('Pick a kind first (got ' + this.kind + ')'); } }`;
    expect(await rejection(configure(classField, additional(), { kind: 'x' }))).toEqual({ name: 'ConfigurationError', message: 'Pick a kind first (got x)' });

    const assigned = `class ConfigurationError extends Error { constructor(m) { super(m); this.name = 'ConfigurationError'; } }
      export default { props: { p: { type: 'string', options() { throw new ConfigurationError('Connect an account'); } } } }`;
    expect(await rejection(configure(assigned, options('p')))).toEqual({ name: 'ConfigurationError', message: 'Connect an account' });
  });

  it("reports other errors and a module's load error as thrown", async () => {
    const src = `export default { props: { p: { type: 'string', async options() { null.x; } } } }`;
    expect((await rejection(configure(src, options('p')))).name).toBe('TypeError');
    expect(await rejection(configure(`throw new RangeError('at load')`, additional()))).toEqual({ name: 'RangeError', message: 'at load' });
  });

  it('rejects with a TimeoutError past the deadline', async () => {
    const short = makePool({ maxRunners: 1, configureTimeoutMs: 300 });
    try {
      const src = `export default { props: { p: { type: 'string', options() { for (;;); } } } }`;
      expect(await rejection(configure(src, options('p'), {}, short))).toEqual({ name: 'TimeoutError', message: 'options() of prop "p" timed out after 0.3 s' });
    } finally {
      await short.dispose();
    }
  });
});
