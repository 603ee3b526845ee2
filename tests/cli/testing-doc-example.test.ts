// The workflow example of docs/cli/testing.md, run exactly as written: every ```js block of its
// "Workflows" section that starts with `// <file>` is written to a fresh folder outside the
// checkout, and `runnel test` runs it there (issue 16: delay/rerun/suspend/retry testable through
// runnel/testing, "documented with an example").
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noConfig, noStateDir } from './helpers/run-cli';

const BIN = resolve('bin/runnel.js');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The section's files: `{ "wait.mjs": "...", ... }`, from code blocks whose first line names them. */
function exampleFiles(): Record<string, string> {
  const doc = readFileSync('docs/cli/testing.md', 'utf8');
  const from = doc.indexOf('### Workflows:');
  const section = doc.slice(from, doc.indexOf('\n### ', from + 1));
  const files: Record<string, string> = {};
  for (const [, body] of section.matchAll(/```js\n([\s\S]*?)```/g)) {
    const name = /^\/\/ ([\w.-]+\.mjs)\b/.exec(body)?.[1];
    if (name) files[name] = body;
  }
  return files;
}

function runTest(cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [BIN, 'test', '--json'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RUNNEL_CONFIG: noConfig(), RUNNEL_STATE_DIR: noStateDir(), NO_COLOR: '1', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      res({ code, stdout, stderr });
    });
  });
}

describe("docs/cli/testing.md's workflow example", () => {
  it('runs as written with runnel test: delay, rerun, suspend and auto-retry on the test clock', async () => {
    const files = exampleFiles();
    expect(Object.keys(files).sort()).toEqual(['approve.mjs', 'flaky.mjs', 'notify.mjs', 'poll.mjs', 'wait.mjs', 'workflow.test.mjs']);
    const dir = mkdtempSync(join(tmpdir(), 'runnel-doc-example-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = await runTest(dir);
    expect(r.stderr).toMatch(/Tests {2}3 passed \(3\)/);
    expect(JSON.parse(r.stdout)).toEqual({ runner: 'vitest', files: ['workflow.test.mjs'], passed: true, exit_code: 0 });
    expect(r.code).toBe(0);
  }, 120_000);
});
