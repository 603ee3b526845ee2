import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { CliError } from './errors';

/**
 * What `deploy`, `update --code` and `dev` send for a component file: the file as the user wrote
 * it (stored, shown in the editors), its name (stack traces name it) and, when it imports local
 * files, the bundle with them inlined, which the service runs in its place.
 */
export interface ComponentFileBody {
  component_code: string;
  component_filename: string;
  component_bundle?: string;
}

/** A component file with its local imports inlined. */
export interface BundledFile {
  /** The bundle (its inline source map names the user's files). */
  code: string;
  /** Every local file that went in (the entry first): what `dev` watches. */
  inputs: string[];
  body: ComponentFileBody;
}

// Packages (and node: built-ins) stay imports: the service fetches and bundles packages itself.
const packagesStayImports: Plugin = {
  name: 'packages-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles a component file (JS or TS) and the local files it imports into one ES module. A
 * syntax error is reported as `file:line:column: message`.
 */
export async function bundleFile(file: string): Promise<BundledFile> {
  const entry = resolve(file);
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      metafile: true,
      // The service's compiler chains this map into its own, so stack traces name these files and lines.
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      plugins: [packagesStayImports],
    });
    const inputs = Object.keys(result.metafile.inputs).map((p) => resolve(p));
    const code = result.outputFiles[0].text;
    const source = await readFile(entry, 'utf8');
    const body = { component_code: source, component_filename: basename(entry), ...(inputs.some((p) => p !== entry) ? { component_bundle: code } : {}) };
    return { code, inputs: [entry, ...inputs.filter((p) => p !== entry)], body };
  } catch (err) {
    const first = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    if (first) {
      const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : '';
      throw new CliError(`${where}${first.text}`);
    }
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
}
