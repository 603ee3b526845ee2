// The built library (out/main/testing.js, package export "runnel/testing") runs inside users'
// test runners: its module graph must not reach electron, SES or the runner's own code
// (lockdown() there would freeze the test process).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function walk(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else bare.add(spec);
    }
  };
  visit(entry);
  return { files, bare };
}

describe('the runnel/testing bundle', () => {
  it('is what package.json exports, with its types', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.exports['./testing']).toEqual({ types: './src/main/testing/public.d.ts', default: './out/main/testing.js' });
    expect(pkg.exports['.']).toBe(`./${pkg.main}`);
    expect(existsSync(pkg.exports['./testing'].default)).toBe(true);
  });

  it('never reaches electron, ses or the runner', () => {
    const { files, bare } = walk(resolve('out/main/testing.js'));
    expect([...bare].filter((b) => b === 'electron' || b.startsWith('electron/') || b === 'ses' || b.startsWith('ses/'))).toEqual([]);
    expect([...files].filter((f) => f.endsWith('runner.js'))).toEqual([]);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toMatch(/\blockdown\s*\(/);
  });
});
