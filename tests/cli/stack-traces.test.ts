// Issue 18, item 3, from the CLI: a component deployed with `runnel deploy f.mjs` (its local
// import bundled by the CLI) fails with a stack that names f.mjs and lib.mjs at the lines the
// user wrote, in the run result and in the log (also for an error the component logs itself).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { envFor, runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

const LIB = `// A helper in a file of its own.

export function check(n) {
  if (n > 1) {
    throw new RangeError('too big: ' + n);
  }
  return n;
}
`;

const F = `import { check } from './lib.mjs';

// Blank lines and comments: esbuild drops them when it bundles, the lines must still match.


export default {
  name: 'Stack CLI', version: '0.0.1', type: 'source',
  async run() {
    console.error('seen', new Error('logged on line 9'));
    check(2);
  },
};
`;

describe('stack traces of a component deployed by the CLI', () => {
  const svc = useService();

  it("name the user's files and lines", async () => {
    const dir = tempDir('runnel-stack-');
    writeFileSync(join(dir, 'lib.mjs'), LIB);
    writeFileSync(join(dir, 'f.mjs'), F);
    const r = await runCli(['--json', 'deploy', 'f.mjs', '--no-follow'], { cwd: dir, env: envFor(svc) });
    expect(r.stderr).toBe('');
    const id = JSON.parse(r.stdout).id as string;
    const result = await svc.runSource(id);
    const frames = result.error.stack.split('\n').filter((l: string) => /^\s+at /.test(l));
    expect(result.error.stack).toMatch(/^RangeError: too big: 2\n/);
    expect(frames[0]).toMatch(/^\s+at check \(lib\.mjs:5:11\)$/);
    expect(frames[1]).toMatch(/^\s+at Object\.run \(f\.mjs:10:5\)$/);
    expect(frames.every((l: string) => /\((f|lib)\.mjs:\d+:\d+\)$/.test(l)), result.error.stack).toBe(true);
    const log = await svc.logText(id);
    expect(log).toMatch(/seen Error: logged on line 9\n\s+at Object\.run \(f\.mjs:9:27\)/);
    expect(log).toMatch(/RangeError: too big: 2\n\s+at check \(lib\.mjs:5:11\)\n\s+at Object\.run \(f\.mjs:10:5\)/);
    expect(log).not.toMatch(/node:|runner\.js|process\.emit/);
  });
});
