import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { build, stop, type Loader, type Message, type Plugin } from 'esbuild';
import { RunnelError } from '../../shared/errors';
import { escapeHtmlComments } from './packages/html-comment-escape';
import type { PackageCache, Progress } from './packages/package-cache';
import { importKey } from './packages/package-folders';
import { isBuiltin, parseImport, VIRTUAL_PACKAGES, type PackageImport } from './packages/package-spec';

export interface CompiledComponent {
  /** CommonJS code the sandbox evaluates as `(function (require, module, exports) { ... })`. */
  code: string;
  /** sha256 of the source text as the user wrote it (the catalog keys saved code by its own hash, of code, name and bundle). */
  codeHash: string;
  /** npm packages bundled in, as `name@version` ranges written in the imports. */
  packages: string[];
  loader: 'js' | 'ts';
}

export interface CompileOptions {
  /** Where npm packages come from; without it, importing one is an error. */
  packages?: PackageCache;
  progress?: Progress;
  /** The user's file name (`greeter.mjs`): stack traces name it. Default `component.mjs` (`.ts`). */
  filename?: string;
}

// `defineSource` & co. are identity functions; their types vanish when TypeScript is stripped.
const PIPEDREAM_TYPES = ['defineComponent', 'defineSource', 'defineAction', 'defineApp']
  .map((n) => `export const ${n} = (x) => x;`)
  .join('\n');

/**
 * Turns a component (ES module, CommonJS or TypeScript) into one CommonJS file the sandbox can
 * evaluate: npm packages it imports are fetched (see PackageCache) and bundled in; Node
 * built-ins stay `require` calls for the sandbox's allow-list. No user code runs here.
 */
export async function compileComponent(source: string, opts: CompileOptions = {}): Promise<CompiledComponent> {
  const codeHash = sourceHash(source);
  const loader = await pickLoader(source, opts.filename);
  const imports = await findPackageImports(source, loader, opts.filename);
  let installed: { modules: string; folders: Record<string, string> } | undefined;
  if (imports.length > 0) {
    if (!opts.packages) throw new RunnelError('invalid_component', `npm packages are not available here (imports: ${imports.map((i) => i.specifier).join(', ')})`);
    installed = await opts.packages.ensure(imports, opts.progress ?? (() => {}));
  }
  const out = escapeHtmlComments(await bundle(source, loader, installed, opts.filename ?? (loader === 'ts' ? 'component.ts' : 'component.mjs')));
  return { code: out, codeHash, packages: [...new Set(imports.map((i) => i.specifier))], loader };
}

/** The hash a text is known by (a component's source; see ComponentCatalog for code with a name or bundle). */
export function sourceHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

/** Stops esbuild's helper process until the next compile (start-up work done, idle memory kept low). */
export async function releaseCompiler(): Promise<void> {
  await stop();
}

/** JavaScript when it parses as such, else TypeScript (type errors never block; syntax errors do). */
async function pickLoader(source: string, filename: string | undefined): Promise<'js' | 'ts'> {
  try {
    await build({ stdin: { contents: source, loader: 'js' }, write: false, bundle: false, logLevel: 'silent' });
    return 'js';
  } catch (jsErr) {
    try {
      await build({ stdin: { contents: source, loader: 'ts' }, write: false, bundle: false, logLevel: 'silent' });
      return 'ts';
    } catch {
      throw syntaxError(jsErr, 'does not parse', filename);
    }
  }
}

/** The bare package imports of the component itself (not of the packages). */
async function findPackageImports(source: string, loader: Loader, filename: string | undefined): Promise<PackageImport[]> {
  const found: PackageImport[] = [];
  const collect: Plugin = {
    name: 'runnel-collect-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.importer === '<stdin>' && !isBuiltin(args.path) && !VIRTUAL_PACKAGES.has(args.path) && !args.path.startsWith('.') && !args.path.startsWith('/')) {
          const p = parseImport(args.path);
          if (!p) return { errors: [{ text: `"${args.path}" is not a valid npm package name` }] };
          found.push(p);
        }
        return { path: args.path, external: true };
      });
    },
  };
  try {
    await build({ stdin: { contents: source, loader }, bundle: true, write: false, logLevel: 'silent', platform: 'node', format: 'cjs', plugins: [collect] });
  } catch (err) {
    throw syntaxError(err, 'does not parse', filename);
  }
  return found;
}

async function bundle(source: string, loader: Loader, installed: { modules: string; folders: Record<string, string> } | undefined, sourcefile: string): Promise<string> {
  const resolveDir = installed ? dirname(installed.modules) : undefined;
  // Whether an import is written in the component itself (esbuild names its importer by `sourcefile`), not in a package.
  const fromComponent = (importer: string) => importer === '<stdin>' || importer === sourcefile || (!!resolveDir && importer === join(resolveDir, sourcefile));
  const runnel: Plugin = {
    name: 'runnel-resolve',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        const own = fromComponent(args.importer);
        // Built-ins stay `require` calls: the sandbox's one module table answers them, the
        // same way for the component and for its packages.
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (VIRTUAL_PACKAGES.has(args.path)) return { path: args.path, namespace: 'runnel-virtual' };
        if (own && (args.path.startsWith('.') || args.path.startsWith('/'))) {
          return { errors: [{ text: `local imports such as "${args.path}" are not supported: a component is one file` }] };
        }
        if (own && resolveDir) {
          // `axios@1.7.2` and `lodash@^4/fp` name a package version; the files are in the folder
          // holding that version (the package's name, or an alias when two versions are imported).
          const p = parseImport(args.path);
          if (p && p.range !== null) {
            const folder = installed?.folders[importKey(p.name, p.range)] ?? p.name;
            const r = await b.resolve(folder + p.subpath, { resolveDir, kind: args.kind });
            if (r.errors.length > 0) return { errors: r.errors };
            return { path: r.path };
          }
        }
        return undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'runnel-virtual' }, () => ({ contents: PIPEDREAM_TYPES, loader: 'js' }));
    },
  };
  try {
    const result = await build({
      stdin: { contents: source, loader, sourcefile, ...(resolveDir ? { resolveDir } : {}) },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      legalComments: 'none',
      // Stack traces are mapped back to the user's lines in the runner (sandbox/host/component/source-maps.ts).
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      plugins: [runnel],
    });
    return result.outputFiles[0].text;
  } catch (err) {
    throw syntaxError(err, 'could not be bundled', sourcefile);
  }
}

/** `filename`: the user's file, named where esbuild names the component's own text. */
function syntaxError(err: unknown, what: string, filename?: string): RunnelError {
  const first = (err as { errors?: Message[] }).errors?.[0];
  const own = first?.location?.file === '<stdin>' || first?.location?.file === filename || first?.location?.file?.startsWith('component.');
  const file = own ? (filename && !filename.startsWith('component.') ? filename : 'component') : first?.location?.file;
  const where = first?.location ? ` (${file ? `${file}:` : 'line '}${first.location.line}:${first.location.column + 1})` : '';
  return new RunnelError('invalid_component', `The component ${what}: ${first?.text ?? String(err)}${where}`, {
    line: first?.location?.line,
  });
}
