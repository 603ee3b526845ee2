import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, useService } from '../helpers/service';
import { cliEnv, runCliDev, startCli, type DevProcess } from './helpers/run-cli-dev';

// `runnel dev` run as a user would: the built CLI as a child process against a real service.
const svc = useService();
const dirs: string[] = [];
const running: DevProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'runnel-dev-'));
  dirs.push(d);
  return d;
}

function dev(args: string[], cwd: string): DevProcess {
  const p = startCli(['dev', ...args], { env: cliEnv(svc.url, svc.apiKey), cwd });
  running.push(p);
  return p;
}

/** A webhook source that answers and emits its version, with a word from a local import. */
const echoSource = (name: string, version: string) => `import { word } from './lib/word.mjs';
export default {
  name: ${JSON.stringify(name)},
  version: '0.0.1',
  props: { http: { type: '$.interface.http', customResponse: true } },
  async run(event) {
    console.log('seen ${version}');
    this.$emit({ version: '${version}' }, { summary: 'version ${version}' });
    this.http.respond({ status: 200, body: { version: '${version}', word: word() } });
  },
};
`;

/** An action whose return value tells its version. */
const addAction = (name: string, add: number) => `export default {
  name: ${JSON.stringify(name)},
  key: 'dev-test-adder',
  version: '0.0.1',
  type: 'action',
  props: { n: { type: 'integer', default: 1 } },
  async run({ steps, $ }) {
    console.log('adding ${add} to', this.n);
    $.export('got', steps.trigger.event);
    return this.n + ${add};
  },
};
`;

async function hook(endpoint: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describe('runnel dev <file>', () => {
  it('deploys a source, shows its events and logs, and reloads it in place on save (same id)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib/word.mjs'), `export function word() { return 'alpha' }\n`);
    writeFileSync(join(dir, 'echo.mjs'), echoSource('Dev Echo', 'v1'));
    const p = dev(['--json', 'echo.mjs'], dir);

    const ready = await p.waitForRecord((r) => r.type === 'ready');
    expect(ready).toMatchObject({ kind: 'source', name: 'Dev Echo', file: 'echo.mjs', reused: false });
    expect(ready.id).toMatch(/^dc_/);
    expect(ready.endpoint).toMatch(/\/e\//);
    expect(ready.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await p.waitForRecord((r) => r.type === 'watching');

    expect(await hook(ready.endpoint, { n: 1 })).toEqual({ status: 200, body: { version: 'v1', word: 'alpha' } });
    const emit = await p.waitForRecord((r) => r.type === 'emit');
    expect(emit).toMatchObject({ id: ready.id, name: 'Dev Echo', event: { e: { version: 'v1' }, sum: 'version v1' } });
    expect(await p.waitForRecord((r) => r.type === 'log')).toMatchObject({ id: ready.id, line: { line: 'seen v1', stream: 'stdout' } });

    // Save a new version: the next trigger is answered by it, under the same id.
    const before = p.records().length;
    const savedAt = performance.now();
    writeFileSync(join(dir, 'echo.mjs'), echoSource('Dev Echo', 'v2'));
    let answer: { status: number; body: any };
    do answer = await hook(ready.endpoint);
    while (answer.body?.version !== 'v2');
    const answeredMs = performance.now() - savedAt;
    const reload = await p.waitForRecord((r) => r.type === 'reload', before);
    console.log(`[dev] save → new code answering a webhook: ${answeredMs.toFixed(0)} ms (the CLI's reload took ${reload.ms} ms)`);
    expect(reload).toMatchObject({ id: ready.id, name: 'Dev Echo', file: 'echo.mjs' });
    const sources = (await svc.json('/v1/users/me/sources?limit=100')).data.filter((s: any) => s.name === 'Dev Echo');
    expect(sources.map((s: any) => s.id)).toEqual([ready.id]);

    // A syntax error: file:line:col, and the last good version keeps answering.
    const beforeErr = p.records().length;
    writeFileSync(join(dir, 'echo.mjs'), echoSource('Dev Echo', 'v3').replace('async run(event) {', 'async run(event) {{'));
    const err = await p.waitForRecord((r) => r.type === 'error', beforeErr);
    expect(err.message).toMatch(/^echo\.mjs:\d+:\d+: /);
    expect(err.kept_last_good).toBe(true);
    expect((await hook(ready.endpoint)).body.version).toBe('v2');

    // Fixing it reloads; so does a change to a local import.
    writeFileSync(join(dir, 'echo.mjs'), echoSource('Dev Echo', 'v3'));
    await p.waitForRecord((r) => r.type === 'reload', beforeErr);
    expect((await hook(ready.endpoint)).body).toEqual({ version: 'v3', word: 'alpha' });
    const beforeLib = p.records().length;
    writeFileSync(join(dir, 'lib/word.mjs'), `export function word() { return 'beta' }\n`);
    await p.waitForRecord((r) => r.type === 'reload', beforeLib);
    expect((await hook(ready.endpoint)).body).toEqual({ version: 'v3', word: 'beta' });

    expect(await p.stop('SIGINT')).toBe(0);
    expect(p.records().at(-1)).toMatchObject({ type: 'stopped', left_in_place: [ready.id] });
    // Left in place: still answering.
    expect((await hook(ready.endpoint)).body.version).toBe('v3');

    // A second session takes the same deployment over (same id), and --rm deletes it on exit.
    const again = dev(['--json', '--rm', 'echo.mjs'], dir);
    expect(await again.waitForRecord((r) => r.type === 'ready')).toMatchObject({ id: ready.id, reused: true });
    await again.waitForRecord((r) => r.type === 'watching');
    expect(await again.stop('SIGTERM')).toBe(0);
    expect(again.records().find((r) => r.type === 'deleted')).toMatchObject({ id: ready.id });
    expect((await svc.api(`/v1/sources/${ready.id}`)).status).toBe(404);
  });

  it('says so when a broken save is fixed back to the running version (issue 18, item 9)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib/word.mjs'), `export function word() { return 'alpha' }\n`);
    const good = echoSource('Dev Fixed', 'v1');
    writeFileSync(join(dir, 'echo.mjs'), good);
    const p = dev(['echo.mjs'], dir);
    await p.waitForOutput(/watching echo\.mjs/);
    writeFileSync(join(dir, 'echo.mjs'), good.replace('async run(event) {', 'async run(event) {{'));
    await p.waitForOutput(/error\s+echo\.mjs:\d+:\d+: .*\(the last good version keeps running\)/);
    writeFileSync(join(dir, 'echo.mjs'), good);
    await p.waitForOutput(/fixed\s+Dev Fixed {2}echo\.mjs builds again; it is the version already running \(dc_\w+\)/);
    expect(await p.stop('SIGINT')).toBe(0);
  });

  it('runs an action in a one-step workflow and reloads it (same workflow id)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'adder.mjs'), addAction('Dev Adder', 1));
    const p = dev(['--json', 'adder.mjs', '--prop', 'n=41'], dir);
    const ready = await p.waitForRecord((r) => r.type === 'ready');
    expect(ready).toMatchObject({ kind: 'workflow', name: 'Dev Adder', endpoint: null, trigger: "runnel run 'Dev Adder'" });
    expect(ready.id).toMatch(/^p_/);
    await p.waitForRecord((r) => r.type === 'watching');
    const wf = await svc.json(`/v1/workflows/${ready.id}`);
    expect(wf.data.trigger).toEqual({ type: 'manual' });
    expect(wf.data.steps).toHaveLength(1);

    const run1 = await svc.runWorkflow(ready.id, { x: 1 });
    expect(run1.steps[0].$return_value).toBe(42);
    const printed = await p.waitForRecord((r) => r.type === 'run');
    expect(printed).toMatchObject({ id: ready.id, run: { id: run1.id, status: 'success', steps: [{ $return_value: 42, exports: { got: { x: 1 } } }] } });
    expect(printed.run.steps[0].logs.map((l: any) => l.line)).toEqual(['adding 1 to 41']);

    const before = p.records().length;
    const savedAt = performance.now();
    writeFileSync(join(dir, 'adder.mjs'), addAction('Dev Adder', 100));
    let value: unknown;
    do value = (await svc.runWorkflow(ready.id, { x: 2 })).steps[0].$return_value;
    while (value !== 141);
    console.log(`[dev] save → new action code answering a run: ${(performance.now() - savedAt).toFixed(0)} ms`);
    expect(await p.waitForRecord((r) => r.type === 'reload', before)).toMatchObject({ id: ready.id });
    const after = await svc.json(`/v1/workflows/${ready.id}`);
    expect(after.data.steps).toHaveLength(1);
    expect(after.data.steps[0].id).toBe(wf.data.steps[0].id);
    expect(await p.stop()).toBe(0);
  });

  it('gives an action an HTTP trigger with --http, and prints human lines with ISO times', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'adder.mjs'), addAction('Dev Hook Adder', 5));
    const p = dev(['adder.mjs', '--http'], dir);
    await p.waitForOutput(/watching adder\.mjs/);
    const endpoint = /endpoint (http:\S+)/.exec(p.stdout())![1];
    expect(p.stdout()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}ready +Dev Hook Adder {2}deployed action in a one-step workflow p_\w+ from adder\.mjs$/m);
    expect(p.stdout()).toContain(`trigger: curl -X POST`);
    expect((await hook(endpoint, { hi: 1 })).status).toBe(200);
    await p.waitForOutput(/dev_test_adder → 6/);
    expect(p.stdout()).toMatch(/Z {2}log +Dev Hook Adder {2}dev_test_adder: adding 5 to 1$/m);
    expect(await p.stop()).toBe(0);
  });

  it('fails with one line when the file does not build or the key is wrong', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), 'export default {\n  name: "x",\n  version: \n};\n');
    const bad = await runCliDev(['dev', 'bad.mjs'], { env: cliEnv(svc.url, svc.apiKey), cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^runnel dev: bad\.mjs:4:0: .+\n$/);

    writeFileSync(join(dir, 'ok.mjs'), addAction('Dev Never', 1));
    const wrongKey = await runCliDev(['dev', 'ok.mjs'], { env: cliEnv(svc.url, 'not-the-key'), cwd: dir });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/^runnel dev: the API key was refused by .+\n$/);

    const missing = await runCliDev(['dev', 'nope.mjs'], { env: cliEnv(svc.url, svc.apiKey), cwd: dir });
    expect(missing).toMatchObject({ code: 1, stderr: 'runnel dev: no such file or folder: nope.mjs\n' });
  });
});

describe('runnel dev <folder>', () => {
  it('deploys every component of a folder, picks up new files and leaves deleted ones in place', async () => {
    const dir = tempDir();
    const comps = join(dir, 'components');
    mkdirSync(join(comps, 'lib'), { recursive: true });
    writeFileSync(join(comps, 'lib/word.mjs'), `export function word() { return 'shared' }\nexport default { not: 'a component' };\n`);
    writeFileSync(join(comps, 'echo.mjs'), echoSource('Folder Echo', 'v1'));
    writeFileSync(join(comps, 'adder.mjs'), addAction('Folder Adder', 1));
    writeFileSync(join(comps, '_draft.mjs'), addAction('Folder Draft', 1));
    writeFileSync(join(comps, 'helpers.mjs'), `export const x = 1;\n`);
    const p = dev(['--json', 'components'], dir);

    const watching = await p.waitForRecord((r) => r.type === 'watching');
    expect(watching).toMatchObject({ path: 'components', components: 2 });
    const ready = p.records().filter((r) => r.type === 'ready');
    expect(ready.map((r) => [r.file, r.kind, r.name])).toEqual([
      ['components/adder.mjs', 'workflow', 'Folder Adder'],
      ['components/echo.mjs', 'source', 'Folder Echo'],
    ]);
    const echo = ready[1];
    expect((await hook(echo.endpoint)).body).toEqual({ version: 'v1', word: 'shared' });

    // Editing the shared library reloads the component that imports it.
    let mark = p.records().length;
    writeFileSync(join(comps, 'lib/word.mjs'), `export function word() { return 'changed' }\n`);
    expect(await p.waitForRecord((r) => r.type === 'reload', mark)).toMatchObject({ id: echo.id, file: 'components/echo.mjs' });
    expect((await hook(echo.endpoint)).body.word).toBe('changed');

    // A new file joins; a deleted one's deployment stays.
    mark = p.records().length;
    writeFileSync(join(comps, 'late.mjs'), addAction('Folder Late', 7));
    const late = await p.waitForRecord((r) => r.type === 'ready', mark);
    expect(late).toMatchObject({ file: 'components/late.mjs', kind: 'workflow', name: 'Folder Late' });
    expect((await svc.runWorkflow(late.id)).steps[0].$return_value).toBe(8);
    rmSync(join(comps, 'late.mjs'));
    expect(await p.waitForRecord((r) => r.type === 'removed', mark)).toMatchObject({ file: 'components/late.mjs', id: late.id });
    expect((await svc.api(`/v1/workflows/${late.id}`)).status).toBe(200);

    expect(await p.stop()).toBe(0);
    expect(p.records().at(-1).left_in_place.sort()).toEqual([ready[0].id, echo.id, late.id].sort());
  });
});

describe('runnel dev and a service restart', () => {
  it('says the stream was lost, reconnects, and shows events again', async () => {
    const first = await startService();
    let second: Awaited<ReturnType<typeof startService>> | undefined;
    try {
      const dir = tempDir();
      mkdirSync(join(dir, 'lib'));
      writeFileSync(join(dir, 'lib/word.mjs'), `export function word() { return 'again' }\n`);
      writeFileSync(join(dir, 'echo.mjs'), echoSource('Restart Echo', 'v1'));
      const p = startCli(['dev', '--json', 'echo.mjs'], { env: cliEnv(first.url, first.apiKey), cwd: dir });
      running.push(p);
      const ready = await p.waitForRecord((r) => r.type === 'ready');
      await p.waitForRecord((r) => r.type === 'watching');
      await first.stop();
      await p.waitForRecord((r) => r.type === 'stream' && r.status === 'lost');
      second = await startService({ dataDir: first.dataDir, port: first.port });
      await p.waitForRecord((r) => r.type === 'stream' && r.status === 'back');
      expect((await hook(ready.endpoint)).body.word).toBe('again');
      expect(await p.waitForRecord((r) => r.type === 'emit')).toMatchObject({ id: ready.id });
      expect(await p.stop()).toBe(0);
    } finally {
      await second?.stop();
      await first.stop();
    }
  });
});
