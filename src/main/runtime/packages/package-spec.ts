import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);

/** A bare import as a component writes it: `axios`, `axios@1.7.2`, `@scope/pkg@^2/sub/path`. */
export interface PackageImport {
  /** The specifier as written. */
  specifier: string;
  name: string;
  /** The version range written after `@`, if any. */
  range: string | null;
  /** A path inside the package (`lodash/fp` → `/fp`), or ''. */
  subpath: string;
}

/** Node built-ins (with or without `node:`) stay for the sandbox's own `require`. */
export function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]);
}

/** Packages the platform provides itself, never fetched. */
export const VIRTUAL_PACKAGES = new Set(['@pipedream/types']);

export function parseImport(specifier: string): PackageImport | undefined {
  const m = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:@([^/]+))?(\/.*)?$/i.exec(specifier);
  if (!m) return undefined;
  return { specifier, name: m[1], range: m[2] ?? null, subpath: m[3] ?? '' };
}
