// `runnel test` in a temp project that has `runnel` linked into node_modules (as after `npm i`),
// with the project's own vitest, or node --test for node:test files. A folder with nothing
// installed: tests/cli/test-anywhere.test.ts.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve('.');
const BIN = resolve('bin/runnel.js');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const GREETER = `export default {
  name: 'Greeter', version: '0.0.1',
  props: { who: { type: 'string' }, timer: { type: '$.interface.timer', default: { intervalSeconds: 60 } } },
  async run(event) { this.$emit({ hi: this.who, at: event.timestamp }, { summary: 'hi' }) },
};
`;

/** A temp project: package.json, node_modules/runnel → this repository, and optionally vitest. */
function project(files: Record<string, string>, withVitest: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'runnel-test-project-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'runnel'), 'dir');
  if (withVitest) symlinkSync(realpathSync('node_modules/vitest'), join(dir, 'node_modules', 'vitest'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-components', private: true, type: 'module' }));
  writeFileSync(join(dir, 'greeter.mjs'), GREETER);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function runCli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RUNNEL_CONFIG: join(cwd, 'no-config.json'), CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => res({ code, stdout, stderr }));
  });
}

const vitestFile = (expected: string) => `import { afterAll, expect, it } from 'vitest';
import { loadComponent, timerEvent } from 'runnel/testing';

const c = await loadComponent(new URL('./greeter.mjs', import.meta.url), { props: { who: 'Ada' } });
afterAll(() => c.close());

it('greets', async () => {
  const r = await c.run(timerEvent({ at: Date.UTC(2026, 0, 1) }));
  const expected: string = ${JSON.stringify(expected)};
  expect(r.emitted.map((e) => e.event)).toEqual([{ hi: expected, at: 1767225600 }]);
});
`;

describe('runnel test', () => {
  it("runs a vitest file that imports runnel/testing with the project's vitest, passing and failing", async () => {
    const dir = project({ 'greeter.test.ts': vitestFile('Ada'), 'sub/failing.test.ts': vitestFile('Bo').replace("'./greeter.mjs'", "'../greeter.mjs'") }, true);

    const pass = await runCli(['test', 'greeter.test.ts'], dir);
    expect(pass.stderr).not.toMatch(/runnel test:/);
    expect(pass.code).toBe(0);
    expect(pass.stdout).toMatch(/1 passed/);

    const all = await runCli(['test', '--json'], dir);
    expect(all.code).toBe(1);
    expect(JSON.parse(all.stdout)).toEqual({ runner: 'vitest', files: ['greeter.test.ts', 'sub/failing.test.ts'], passed: false, exit_code: 1 });
    // The runner's report went to stderr; the last line is the CLI's one-line reason.
    expect(all.stderr).toMatch(/1 failed/);
    expect(all.stderr.trim().split('\n').at(-1)).toBe('runnel test: tests failed (vitest exited with 1)');
  }, 60_000);

  it('runs node:test files with node --test', async () => {
    const test = `import test from 'node:test';
import assert from 'node:assert/strict';
import { loadComponent } from 'runnel/testing';

test('greets', async () => {
  const c = await loadComponent(new URL('../greeter.mjs', import.meta.url), { props: { who: 'Cy' } });
  try {
    const r = await c.run({ timestamp: 5 });
    assert.deepEqual(r.emitted.map((e) => e.event), [{ hi: 'Cy', at: 5 }]);
  } finally {
    await c.close();
  }
});
`;
    const dir = project({ 'tests/greeter.test.mjs': test, 'tests/typed.test.ts': 'export {}' }, false);
    const r = await runCli(['test', 'tests/*.mjs'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/# pass 1/);

    // TypeScript needs vitest (Runnel's own when the project has none: tests/cli/test-anywhere.test.ts).
    const ts = await runCli(['test', '--runner', 'node'], dir);
    expect(ts.code).toBe(1);
    expect(ts.stderr).toBe('runnel test: tests/typed.test.ts is TypeScript: node --test runs JavaScript only; TypeScript tests run with vitest (install it: npm i -D vitest)\n');

    const mixed = await runCli(['test'], dir);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toBe('runnel test: tests/greeter.test.mjs uses node:test and tests/typed.test.ts does not: run them separately (a glob or folder each), or choose one with --runner\n');
  }, 60_000);

  it('says so when nothing matches', async () => {
    const dir = project({}, false);
    const r = await runCli(['test', 'spec/**/*.test.js'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`runnel test: no test files match spec/**/*.test.js under ${dir}\n`);
  });
});
