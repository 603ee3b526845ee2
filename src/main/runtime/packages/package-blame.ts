/**
 * Which bundled npm package the first `component.js:LINE` frame of a stack points into, read
 * from the `// …node_modules/<package>/…` comments esbuild writes before each bundled file.
 */
export function packageAt(code: string, stack: string | undefined): string | undefined {
  const m = /component\.js:(\d+):\d+/.exec(stack ?? '');
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
