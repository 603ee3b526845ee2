import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A folder's files as the import takes them: path relative to the folder (`/`-separated) → text. */
export function projectFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p).split('\\').join('/')] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

export const HOSTED_BASIC = 'tests/fixtures/projects/hosted-basic';
export const COMPONENTS = 'tests/fixtures/projects/components';
