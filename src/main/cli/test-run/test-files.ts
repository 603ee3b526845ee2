import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** What `runnel test` looks for when given no glob, or a folder. */
export const DEFAULT_GLOB = '**/*.test.{js,mjs,ts}';

const WILDCARD = /[*?{]/;
const posix = (p: string) => p.split(sep).join('/');

/**
 * Files under `cwd` matching `pattern` (relative, `/`-separated), sorted; a plain file or folder
 * name works too. node_modules, dot folders and the folders in `skip` (Runnel's own install, so a
 * parent folder never picks up Runnel's own tests) are not entered.
 */
export function findTestFiles(cwd: string, pattern: string, skip: string[] = []): string[] {
  if (!WILDCARD.test(pattern)) {
    const direct = resolve(cwd, pattern);
    if (!existsSync(direct)) return [];
    if (statSync(direct).isFile()) return [posix(relative(cwd, direct))];
    const rel = posix(relative(cwd, direct));
    return findTestFiles(cwd, rel ? `${rel}/${DEFAULT_GLOB}` : DEFAULT_GLOB, skip);
  }
  const glob = pattern.replace(/^\.\//, '');
  const re = globToRegExp(glob);
  // Walk from the glob's fixed leading folders (`my-components/**/…` walks my-components only).
  const segments = glob.split('/');
  const fixed = segments.slice(0, segments.findIndex((s) => WILDCARD.test(s)));
  const start = resolve(cwd, ...fixed);
  if (!existsSync(start) || !statSync(start).isDirectory()) return [];
  const skipped = new Set(skip.map((d) => realpathSync(d)));
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(realpathSync(full))) walk(full);
      } else if (entry.isFile()) {
        const rel = posix(relative(cwd, full));
        if (re.test(rel)) out.push(rel);
      }
    }
  };
  walk(start);
  return out.sort();
}

/** `**` (any folders), `*` and `?` (within a name), `{a,b}` (alternatives). */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((alt) => alt.replace(/[.+^$()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
