// From a component file to what the sandbox runs and what the service would store about it:
// the same bundling as `runnel deploy` (local imports inlined), then the service's compiler
// (npm packages fetched and bundled) and the sandbox's own description of the module.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFile } from '../cli/bundle-file';
import { compileComponent } from '../runtime/compile-component';
import { validateMeta } from '../runtime/component-catalog';
import type { PackageCache } from '../runtime/packages/package-cache';
import type { Sandbox } from '../domain/sandbox';

export type ComponentFields = ReturnType<typeof validateMeta>;

export interface CompiledFile {
  path: string;
  code: string;
  codeHash: string;
  fields: ComponentFields;
}

/** Compiles and inspects a component file; throws with the service's message when it would refuse it. */
export async function compileFile(file: string | URL, sandbox: Sandbox, packages: PackageCache, onProgress?: (line: string) => void): Promise<CompiledFile> {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  const bundled = await bundleFile(path);
  const compiled = await compileComponent(bundled.code, { packages, progress: onProgress });
  const meta = await sandbox.inspect(compiled.code, compiled.codeHash);
  // A module with neither name nor version is a workflow code step, as the service saves
  // inline steps: an action named after its file.
  const codeStep = meta.name === undefined && meta.version === undefined;
  const fields = validateMeta(codeStep ? { ...meta, name: basename(path).replace(/\.[^.]+$/, ''), version: '0.0.0', type: 'action' } : meta);
  return { path, code: compiled.code, codeHash: compiled.codeHash, fields };
}
