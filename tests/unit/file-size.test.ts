// House rule (issue 15): no file in src/main is over 300 lines; a file that grows past it is
// split along a seam (a small module named by what it does), not squeezed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('src/main', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    const root = resolve('src/main');
    const all = files(root);
    expect(all.length).toBeGreaterThan(100);
    const over = all.filter((f) => lineCount(f) > MAX_LINES).map((f) => `${relative(root, f)}: ${lineCount(f)} lines`);
    expect(over).toEqual([]);
  });
});
