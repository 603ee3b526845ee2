/**
 * Which bundled npm package the first frame of a stack points into: named by the frame when the
 * stack was mapped (`node_modules/<package>/…`), else read for a `component.js:LINE` frame from
 * the `// …node_modules/<package>/…` comments esbuild writes before each bundled file.
 */
export function packageAt(code: string, stack: string | undefined): string | undefined {
  // A stack mapped through the bundle's source map names the package's own file.
  const first = (stack ?? '').split('\n').find((l) => /^\s+at /.test(l)) ?? '';
  const mapped = /\bnode_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//.exec(first);
  if (mapped) return mapped[1];
  const m = /component\.js:(\d+):\d+/.exec(first);
  if (!m) return undefined;
  const lines = code.split('\n');
  for (let i = Math.min(Number(m[1]), lines.length) - 1; i >= 0; i--) {
    const line = lines[i];
    if (!line.startsWith('// ')) continue;
    const at = line.lastIndexOf('node_modules/');
    // The nearest file comment without node_modules is the component's own code.
    if (at === -1) return undefined;
    const rest = line.slice(at + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return undefined;
}
