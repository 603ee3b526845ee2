/** One import of a package, with the exact version its range resolved to. */
export interface ExactImport {
  name: string;
  range: string | null;
  version: string;
}

/** What to install for a set of imports, and which node_modules folder answers each import. */
export interface PackageFolders {
  /** `npm install` arguments: `name@version`, or `alias@npm:name@version` for extra versions. */
  specs: string[];
  /** `name@range` (range '' when unpinned) → the folder under node_modules holding that version. */
  folders: Record<string, string>;
}

/** The key of an import in `PackageFolders.folders`. */
export const importKey = (name: string, range: string | null): string => `${name}@${range ?? ''}`;

/**
 * Two versions of one package side by side (`lodash` and `lodash@4.17.20`): one node_modules
 * folder holds a single version, so every further version is installed under an npm alias
 * (`lodash__v4.17.20@npm:lodash@4.17.20`) and the imports naming it resolve there. The folder
 * named after the package keeps the version of an unpinned import (what a package depending on
 * it would also find), else the version the first import asked for.
 */
export function packageFolders(imports: readonly ExactImport[]): PackageFolders {
  const primary = new Map<string, string>();
  for (const i of imports) if (i.range === null && !primary.has(i.name)) primary.set(i.name, i.version);
  for (const i of imports) if (!primary.has(i.name)) primary.set(i.name, i.version);
  const specs = new Set<string>();
  const folders: Record<string, string> = {};
  for (const i of imports) {
    if (primary.get(i.name) === i.version) {
      specs.add(`${i.name}@${i.version}`);
      folders[importKey(i.name, i.range)] = i.name;
    } else {
      const alias = `${i.name}__v${i.version}`;
      specs.add(`${alias}@npm:${i.name}@${i.version}`);
      folders[importKey(i.name, i.range)] = alias;
    }
  }
  return { specs: [...specs].sort(), folders };
}
