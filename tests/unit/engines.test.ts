// Issue 18, item 9: `npm ci` printed engine warnings because the pinned Electron tooling wants a
// newer Node than package.json's `engines` promised. Every Node version `engines` allows must be
// one that every installed package accepts — except Electron 45's packaging tools, which only
// `npm run dist` uses and which want Node 22.12 (README says so; the service, CLI and tests run
// on Node 20). A new package that wants more than `engines` fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own range logic (semver ships without types; only these two functions are used).
const semver = createRequire(import.meta.url)('semver') as { validRange(r: string): string | null; subset(a: string, b: string): boolean };

function installed(dir: string, out: { name: string; version: string; node: string }[] = []) {
  for (const e of readdirSync(dir)) {
    if (e.startsWith('.')) continue;
    const p = join(dir, e);
    if (e.startsWith('@')) {
      installed(p, out);
      continue;
    }
    const pj = join(p, 'package.json');
    if (existsSync(pj)) {
      const j = JSON.parse(readFileSync(pj, 'utf8'));
      if (j.engines?.node) out.push({ name: j.name, version: j.version, node: j.engines.node });
    }
    if (existsSync(join(p, 'node_modules'))) installed(join(p, 'node_modules'), out);
  }
  return out;
}

/** Only `npm run dist` (electron-builder) needs these; they want Node >= 22.12. */
const DESKTOP_PACKAGING = new Set(['electron', '@electron/get', '@electron/rebuild', 'node-abi', '@electron-internal/extract-zip']);

describe('package.json engines', () => {
  it('promises only Node versions that every installed package accepts', () => {
    const ours = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string;
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages as Record<string, { optional?: boolean; os?: string[]; cpu?: string[] }>;
    const disagree = installed('node_modules')
      // Platform-specific optional binaries are skipped by npm where they do not apply; the rest are checked.
      .filter((p) => !Object.entries(lock).some(([k, v]) => k.endsWith(`node_modules/${p.name}`) && v.optional && (v.os || v.cpu)))
      .filter((p) => !DESKTOP_PACKAGING.has(p.name))
      .filter((p) => semver.validRange(p.node) && !semver.subset(ours, p.node))
      .map((p) => `${p.name}@${p.version} wants node ${p.node}`);
    expect(disagree).toEqual([]);
  });
});
