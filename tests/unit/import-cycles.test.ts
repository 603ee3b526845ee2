// Imports point down: no file of src/main or of the renderer imports itself back through others
// (a cycle is a design bug). Relative imports are read from the sources, type-only imports
// included: a type cycle ties the files together as tightly as a value one does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)) {
    const base = resolve(dirname(file), m[1]);
    const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
    if (hit) out.push(hit);
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(root: string): string[][] {
  const all = files(root);
  const known = new Set(all);
  const graph = new Map(all.map((f) => [f, importsOf(f, known)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(stack.slice(stack.indexOf(g)).map((x) => x.slice(root.length + 1)));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of all) if (!state.has(f)) visit(f);
  return found;
}

describe('imports of src/main and src/renderer/src', () => {
  it('form no cycle in src/main', () => {
    expect(cycles(resolve('src/main'))).toEqual([]);
  });

  it('form no cycle in src/renderer/src (the store composes the slices; no slice reads it back)', () => {
    expect(cycles(resolve('src/renderer/src'))).toEqual([]);
  });

  it('are read well enough to see one (a cycle in a scratch tree is found)', () => {
    expect(cycles(resolve('tests/fixtures/import-cycle'))).toEqual([['a.ts', 'b.ts']]);
  });
});
