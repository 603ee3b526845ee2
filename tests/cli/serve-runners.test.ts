// `runnel serve --runners <n>`: how many sandboxed runner processes run components side by side.
// A value that is not a whole number from 1 to 64 is refused before anything is created.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

describe('runnel serve --runners', () => {
  for (const bad of ['0', '65', 'two', '1.5']) {
    it(`refuses --runners ${bad} with a readable message and no data dir`, async () => {
      const dataDir = join(tempDir('runnel-runners-'), 'data');
      const r = await runCli(['serve', '--port', '0', '--runners', bad, '--data-dir', dataDir]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`option '--runners <n>' argument '${bad}' is invalid. must be a whole number from 1 to 64`);
      expect(existsSync(dataDir)).toBe(false);
    });
  }
});
