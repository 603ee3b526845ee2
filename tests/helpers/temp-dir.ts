// Temp folders of one test file, removed after its last test: a run leaves nothing in the
// system temp folder. Importing this module registers the file's afterAll (vitest isolates
// modules per test file, so each file gets its own list).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  // Retried: a process a test started may still be finishing its last writes there.
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
});

/** A new folder under the system temp folder (`prefix` + random), removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
