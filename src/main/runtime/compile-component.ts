import { createHash } from 'node:crypto';
import { transform } from 'esbuild';
import { RunnelError } from '../../shared/errors';

export interface CompiledComponent {
  /** CommonJS code the sandbox evaluates as `(function (require, module, exports) { ... })`. */
  code: string;
  /** sha256 of the source text as the user wrote it. */
  codeHash: string;
}

/**
 * Turns a component module (ES module or CommonJS) into CommonJS the sandbox can evaluate.
 * Runs esbuild's parser only; no user code executes here.
 */
export async function compileComponent(source: string): Promise<CompiledComponent> {
  const codeHash = createHash('sha256').update(source).digest('hex');
  try {
    const out = await transform(source, {
      format: 'cjs',
      loader: 'js',
      target: 'node20',
      platform: 'node',
      sourcefile: 'component.mjs',
      logLevel: 'silent',
    });
    return { code: out.code, codeHash };
  } catch (err) {
    const first = (err as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    const where = first?.location ? ` (line ${first.location.line}, column ${first.location.column + 1})` : '';
    throw new RunnelError(
      'invalid_component',
      `The component does not parse: ${first?.text ?? String(err)}${where}`,
      { line: first?.location?.line },
    );
  }
}
