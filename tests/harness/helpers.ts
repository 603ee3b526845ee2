// Shared setup of the harness tests: component files written to a temp folder, removed after
// the file's tests. The harness itself runs from source here; its runner is the built one
// (`npx electron-vite build` first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';

export const FIXTURES = resolve('tests/harness/fixtures');

/** A temp folder for this test file; `write(name, code)` puts a component file in it. */
export function useTempFiles(): { write(name: string, code: string): string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'runnel-harness-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    write(name, code) {
      const file = join(dir, name);
      writeFileSync(file, code);
      return file;
    },
  };
}
