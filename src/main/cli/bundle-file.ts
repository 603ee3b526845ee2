import { resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { CliError } from './errors';

/** A component file with its local imports inlined: what `deploy`/`dev` send as `component_code`. */
export interface BundledFile {
  code: string;
  /** Every local file that went in (the entry first): what `dev` watches. */
  inputs: string[];
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
    return { code: result.outputFiles[0].text, inputs: [entry, ...inputs.filter((p) => p !== entry)] };
  } catch (err) {
    const first = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    if (first) {
      const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : '';
      throw new CliError(`${where}${first.text}`);
    }
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
}
