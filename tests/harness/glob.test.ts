// The glob of `runnel test [glob]` (Node 20 has no fs.glob).
import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../src/main/cli/commands/test';

describe('runnel test globs', () => {
  const m = (glob: string, path: string) => globToRegExp(glob).test(path);

  it('matches the default glob at any depth, by extension', () => {
    const g = '**/*.test.{js,mjs,ts}';
    expect(['a.test.js', 'x/b.test.mjs', 'x/y/c.test.ts'].every((p) => m(g, p))).toBe(true);
    expect(['a.test.tsx', 'a.spec.ts', 'atest.js', 'a.test.js.map'].some((p) => m(g, p))).toBe(false);
  });

  it('keeps * and ? within one name, and escapes the rest', () => {
    expect(m('tests/*.mjs', 'tests/a.mjs')).toBe(true);
    expect(m('tests/*.mjs', 'tests/sub/a.mjs')).toBe(false);
    expect(m('t?.js', 'ta.js')).toBe(true);
    expect(m('a.js', 'abjs')).toBe(false);
    expect(m('src/**', 'src/a/b.js')).toBe(true);
  });
});
