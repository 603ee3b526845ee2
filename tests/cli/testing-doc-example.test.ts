// The workflow example of docs/cli/testing.md, run exactly as written: every ```js block of its
// "Workflows" section that starts with `// <file>` is written to a fresh folder outside the
// checkout, and `runnel test` runs it there (issue 16: delay/rerun/suspend/retry testable through
// runnel/testing, "documented with an example").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir';
import { runBareCli } from './helpers/run-cli';


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

describe("docs/cli/testing.md's workflow example", () => {
  it('runs as written with runnel test: delay, rerun, suspend and auto-retry on the test clock', async () => {
    const files = exampleFiles();
    expect(Object.keys(files).sort()).toEqual(['approve.mjs', 'flaky.mjs', 'notify.mjs', 'poll.mjs', 'wait.mjs', 'workflow.test.mjs']);
    const dir = tempDir('runnel-doc-example-');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = await runBareCli(['test', '--json'], dir, 90_000);
    expect(r.stderr).toMatch(/Tests {2}3 passed \(3\)/);
    expect(JSON.parse(r.stdout)).toEqual({ runner: 'vitest', files: ['workflow.test.mjs'], passed: true, exit_code: 0 });
    expect(r.code).toBe(0);
  }, 120_000);
});
