// `runnel test` as a new user runs it: the built CLI in a folder of their own components that has
// nothing installed (no package.json, no node_modules), outside Runnel's checkout and inside it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBareCli as runCli } from './helpers/run-cli';

const REPO = resolve('.');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const GREETER = `export default {
  name: 'Greeter', version: '0.0.1',
  props: { who: { type: 'string' } },
  async run(event) { this.$emit({ hi: this.who, n: event.n }) },
};
`;

/** A vitest test in TypeScript (a type annotation vitest must strip) that expects `who` to be greeted. */
const tsTest = (expected: string) => `import { afterAll, expect, it } from 'vitest';
import { loadComponent } from 'runnel/testing';

const c = await loadComponent(new URL('./greeter.mjs', import.meta.url), { props: { who: 'Ada' } });
afterAll(() => c.close());

it('greets', async () => {
  const r = await c.run({ n: 1 });
  const expected: string = ${JSON.stringify(expected)};
  expect(r.emitted.map((e) => e.event)).toEqual([{ hi: expected, n: 1 }]);
});
`;

const nodeTest = (expected: string) => `import test from 'node:test';
import assert from 'node:assert/strict';
import { loadComponent } from 'runnel/testing';

test('greets', async () => {
  const c = await loadComponent(new URL('./greeter.mjs', import.meta.url), { props: { who: 'Cy' } });
  try {
    const r = await c.run({ n: 2 });
    assert.deepEqual(r.emitted.map((e) => e.event), [{ hi: ${JSON.stringify(expected)}, n: 2 }]);
  } finally {
    await c.close();
  }
});
`;

/** A folder holding exactly `files`, nothing installed in it. */
function folder(parent: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(parent, 'runnel-user-components-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('runnel test in a folder with nothing installed', () => {
  it('outside the checkout: runs exactly its TypeScript vitest files with Runnel’s own vitest, exit 1 on a failure, 0 on a pass', async () => {
    const dir = folder(tmpdir(), { 'greeter.mjs': GREETER, 'greeter.test.ts': tsTest('Ada'), 'sub/wrong.test.ts': tsTest('Bo').replace("'./greeter.mjs'", "'../greeter.mjs'") });

    const all = await runCli(['test', '--json'], dir);
    expect(all.stderr).not.toMatch(/Cannot find (package|module)|No test files found/);
    expect(JSON.parse(all.stdout)).toEqual({ runner: 'vitest', files: ['greeter.test.ts', 'sub/wrong.test.ts'], passed: false, exit_code: 1 });
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/Test Files {2}1 failed \| 1 passed \(2\)/);

    const one = await runCli(['test', 'greeter.test.ts'], dir);
    expect(one.stderr).toBe('');
    expect(one.stdout).toMatch(/Test Files {2}1 passed \(1\)/);
    expect(one.code).toBe(0);

    // Nothing was installed or cached in the user's folder.
    expect(readdirSync(dir).sort()).toEqual(['greeter.mjs', 'greeter.test.ts', 'sub']);
  }, 90_000);

  it('outside the checkout: node:test files importing runnel/testing run with node --test', async () => {
    const dir = folder(tmpdir(), { 'greeter.mjs': GREETER, 'greeter.test.mjs': nodeTest('Cy') });
    const pass = await runCli(['test'], dir);
    expect(pass.stdout).not.toMatch(/ERR_MODULE_NOT_FOUND/);
    expect(pass.stdout).toMatch(/# pass 1\n# fail 0/);
    expect(pass.code).toBe(0);

    writeFileSync(join(dir, 'wrong.test.mjs'), nodeTest('Di'));
    const fail = await runCli(['test', '--json'], dir);
    expect(JSON.parse(fail.stdout)).toEqual({ runner: 'node', files: ['greeter.test.mjs', 'wrong.test.mjs'], passed: false, exit_code: 1 });
    expect(fail.stderr).toMatch(/# pass 1\n# fail 1/);
    expect(fail.code).toBe(1);
  }, 90_000);

  it('inside the checkout: a folder argument, a glob or the folder as cwd run only the user’s tests, never Runnel’s own', async () => {
    const dir = folder(REPO, { 'greeter.mjs': GREETER, 'greeter.test.ts': tsTest('Ada') });
    const name = basename(dir);
    const expected = { runner: 'vitest', files: [`${name}/greeter.test.ts`], passed: true, exit_code: 0 };

    const byFolder = await runCli(['test', '--json', name], REPO);
    expect(byFolder.stderr).not.toMatch(/No test files found/);
    expect(JSON.parse(byFolder.stdout)).toEqual(expected);
    expect(byFolder.stderr).toMatch(/Test Files {2}1 passed \(1\)/);

    const byGlob = await runCli(['test', '--json', `${name}/**/*.test.ts`], REPO);
    expect(JSON.parse(byGlob.stdout)).toEqual(expected);

    const inside = await runCli(['test', '--json'], dir);
    expect(JSON.parse(inside.stdout)).toEqual({ ...expected, files: ['greeter.test.ts'] });
  }, 120_000);

  it('a bare `runnel test` in the checkout itself does not run Runnel’s own test suite: it says what to do', async () => {
    const r = await runCli(['test'], REPO, 20_000);
    expect(r.stderr).toBe("runnel test: this is Runnel's own checkout: name your components' folder (runnel test my-components/) or run it there; Runnel's own tests run with npm test\n");
    expect(r.code).toBe(1);
  }, 30_000);
});
