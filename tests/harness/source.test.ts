// runnel/testing on sources: the component runs in a real runner child process and its
// emits go through the service's emit pipeline (dedupe kept across runs), from a test file.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, httpEvent, loadComponent, TEST_ENDPOINT, timerEvent, type TestComponent } from '../../src/main/testing/index';
import { FIXTURES, useTempFiles } from './helpers';

const files = useTempFiles();

describe('a timer source with dedupe, db and a local import', () => {
  let c: TestComponent;
  beforeAll(async () => {
    c = await loadComponent(join(FIXTURES, 'counter-source.mjs'), { props: { ids: ['a', 'b'], prefix: 'n' }, db: { runs: 5 } });
  });
  afterAll(() => c.close());

  it('describes the component as the service would', () => {
    expect({ name: c.name, key: c.key, version: c.version, type: c.type, dedupe: c.dedupe }).toEqual({
      name: 'Counter',
      key: 'test-counter',
      version: '0.0.1',
      type: 'source',
      dedupe: 'unique',
    });
  });

  it('runs on a timer event and returns emits, logs, db and the return value', async () => {
    const at = Date.UTC(2026, 0, 1, 12, 0, 0);
    const r = await c.run(timerEvent({ at }));
    expect(r.error).toBeUndefined();
    expect(r.emitted).toEqual([
      { event: { id: 'a', label: 'n-a', timestamp: at / 1000 }, meta: { id: 'a', name: '', summary: 'item a' } },
      { event: { id: 'b', label: 'n-b', timestamp: at / 1000 }, meta: { id: 'b', name: '', summary: 'item b' } },
    ]);
    expect(r.deduped).toBe(0);
    expect(r.returnValue).toBe(6);
    expect(r.db).toEqual({ runs: 6 });
    expect(r.logs.map((l) => [l.stream, l.line])).toEqual([
      ['stdout', `run 6 at ${at / 1000}`],
      ['stderr', 'a warning'],
    ]);
    expect(c.db).toEqual({ runs: 6 });
  });

  it('applies unique dedupe across runs of the same loaded component', async () => {
    const r = await c.run({ timestamp: 1, ids: ['b', 'c', 'c'] });
    expect(r.emitted.map((e) => e.meta.id)).toEqual(['c']);
    expect(r.deduped).toBe(2);
    expect(r.db).toEqual({ runs: 7 });
  });

  it('runs a fixture saved by the UI event inspector, directly or through fixture()', async () => {
    const file = join(FIXTURES, 'dc_Lrumv2EaQ1-1763784005120-0.json');
    expect(fixture(file)).toEqual({ timestamp: 1763784005, ids: ['x', 'y'], n: 7 });
    const r = await c.run(fixture(file));
    expect(r.emitted.map((e) => e.event)).toEqual([
      { id: 'x', label: 'n-x', timestamp: 1763784005 },
      { id: 'y', label: 'n-y', timestamp: 1763784005 },
    ]);
    const { readFileSync } = await import('node:fs');
    const again = await c.run(JSON.parse(readFileSync(file, 'utf8')));
    expect(again.emitted).toEqual([]);
    expect(again.deduped).toBe(2);
  });

  it('runs lifecycle hooks through the same pipeline', async () => {
    const r = await c.hook('deploy');
    expect(r.emitted).toEqual([{ event: { historical: true }, meta: { id: 'h1', name: '', summary: 'historical' } }]);
    expect(c.db).toMatchObject({ deployed: true, runs: 9 });
    expect((await c.hook('activate')).emitted).toEqual([]);
  });

  it('never locks down the test process: the component ran in another process', () => {
    expect(Object.isFrozen(Array.prototype)).toBe(false);
    expect(typeof (globalThis as { lockdown?: unknown }).lockdown).toBe('undefined');
  });
});

describe('an HTTP source written in TypeScript', () => {
  it('answers with customResponse and emits the request', async () => {
    await using c = await loadComponent(join(FIXTURES, 'webhook-source.ts'), { props: { greeting: 'Hi' } });
    expect(c.endpoint).toBe(TEST_ENDPOINT);
    const r = await c.run(httpEvent({ path: '/greet', query: { q: '1' }, body: { name: 'Ada' } }));
    expect(r.error).toBeUndefined();
    expect(r.response).toEqual({ status: 201, headers: { 'x-greeter': 'yes' }, body: { message: 'Hi, Ada', path: '/greet', q: '1' } });
    expect(r.emitted).toEqual([{ event: { who: 'Ada', method: 'POST', endpoint: TEST_ENDPOINT }, meta: { name: '', summary: 'hello Ada' } }]);
  });
});

describe('what the service would refuse or stop', () => {
  it('refuses missing props at load, as deploy does', async () => {
    const file = files.write('needs.mjs', `export default { name: 'Needs', version: '1.0.0', props: { url: { type: 'string' } }, async run() {} }`);
    await expect(loadComponent(file)).rejects.toThrow(/Missing required prop: url/);
  });

  it('reports a syntax error with file and line', async () => {
    const file = files.write('broken.mjs', `export default {\n  name: 'Broken',\n  run() { this.$emit( }\n}\n`);
    await expect(loadComponent(file)).rejects.toThrow(/broken\.mjs:3:\d+/);
  });

  it('keeps the emits of a run that threw, and reports the error', async () => {
    const file = files.write('throws.mjs', `export default { name: 'T', version: '1.0.0', async run() { this.$emit({ a: 1 }); throw new TypeError('boom') } }`);
    await using c = await loadComponent(file);
    const r = await c.run();
    expect(r.error).toMatchObject({ name: 'TypeError', message: 'boom' });
    expect(r.emitted.map((e) => e.event)).toEqual([{ a: 1 }]);
  });

  it('logs an emit that the dedupe strategy refuses', async () => {
    const file = files.write('no-id.mjs', `export default { name: 'N', version: '1.0.0', dedupe: 'greatest', async run() { this.$emit({ a: 1 }); this.$emit({ b: 2 }, { id: 7 }) } }`);
    await using c = await loadComponent(file);
    const r = await c.run();
    expect(r.emitted.map((e) => e.meta.id)).toEqual(['7']);
    expect(r.logs.map((l) => l.line)).toContainEqual(expect.stringMatching(/^\[runnel\] \$emit refused: the "greatest" dedupe strategy needs an id/));
  });

  it('stops a run at its deadline, commits nothing, and runs again afterwards', async () => {
    const file = files.write(
      'loops.mjs',
      `export default { name: 'L', version: '1.0.0', props: { db: '$.service.db' }, async run(e) { this.db.set('x', 1); this.$emit({ e }); if (e.loop) for (;;) {} } }`,
    );
    await using c = await loadComponent(file, { timeoutSeconds: 1 });
    const r = await c.run({ loop: true });
    expect(r.error?.name).toBe('TimeoutError');
    expect(r.emitted).toEqual([]);
    expect(r.db).toEqual({});
    const ok = await c.run({ loop: false });
    expect(ok.error).toBeUndefined();
    expect(ok.db).toEqual({ x: 1 });
  });

  it('gives app props the $auth passed in, by prop name or app slug', async () => {
    const file = files.write(
      'app.mjs',
      `export default { name: 'A', version: '1.0.0', props: { gh: { type: 'app', app: 'github', methods: { token() { return this.$auth.oauth_access_token } } } },
        async run() { this.$emit({ token: this.gh.token(), auth: this.gh.$auth }) } }`,
    );
    await using c = await loadComponent(file, { auth: { github: { oauth_access_token: 'tok' } } });
    expect((await c.run()).emitted[0].event).toEqual({ token: 'tok', auth: { oauth_access_token: 'tok' } });
    // None given: as on the service with no connected account, the read fails and says why.
    await using none = await loadComponent(file);
    expect((await none.run()).error?.message).toMatch(/^Runnel: this\.gh\.\$auth\.oauth_access_token is not set: prop "gh" has no connected github account/);
  });

  it('emits the timer event itself for a timer source without run', async () => {
    const file = files.write('bare-timer.mjs', `export default { name: 'B', version: '1.0.0', props: { timer: { type: '$.interface.timer', default: { cron: '0 * * * *' } } } }`);
    await using c = await loadComponent(file);
    const r = await c.run(timerEvent({ at: new Date('2026-03-01T10:00:00Z') }));
    expect(r.emitted.map((e) => e.event)).toEqual([{ timestamp: Date.parse('2026-03-01T10:00:00Z') / 1000, cron: '0 * * * *' }]);
  });

  it('refuses the wrong entry point for the kind of component, and use after close', async () => {
    const c = await loadComponent(join(FIXTURES, 'notify-action.mjs'), { props: { url: 'http://x', who: 'a' } });
    await expect(c.run()).rejects.toThrow(/is an action: use runAction\(\)/);
    await c.close();
    await expect(c.runAction()).rejects.toThrow(/was closed/);
  });
});

describe('npm packages', () => {
  it('fetches an imported package into the given cache once, then loads offline', async () => {
    const packagesDir = join(files.dir, 'packages');
    const file = files.write('pkg.mjs', `import ms from 'ms@2.1.3';\nexport default { name: 'P', version: '1.0.0', async run() { this.$emit({ ms: ms('2h') }) } }`);
    const progress: string[] = [];
    await using c = await loadComponent(file, { packagesDir, onProgress: (l) => progress.push(l) });
    expect((await c.run()).emitted[0].event).toEqual({ ms: 7_200_000 });
    expect(progress.join('\n')).toMatch(/fetching ms@2\.1\.3/);

    // A registry nobody answers: a warm cache does not need it.
    const registry = process.env.npm_config_registry;
    process.env.npm_config_registry = 'http://127.0.0.1:9/';
    try {
      const again: string[] = [];
      await using offline = await loadComponent(file, { packagesDir, onProgress: (l) => again.push(l) });
      expect((await offline.run()).emitted[0].event).toEqual({ ms: 7_200_000 });
      expect(again).toEqual([]);
    } finally {
      if (registry === undefined) delete process.env.npm_config_registry;
      else process.env.npm_config_registry = registry;
    }
  }, 120_000);
});
