// Whether the code calling `require` is an npm package bundled into the component or the
// component's own code, from the caller's line in the bundle: esbuild writes a
// `// node_modules/<package>/<file>` comment before each file it bundles. Used only to pick
// the clearer answer (a refusal for the component's own code, a load-safe stand-in for a
// package): what either side gets is harmless, so this is not a wall.

/**
 * Answers, for the current call stack, whether the first frame of the bundle (evaluated under
 * `scriptName`, its `sourceURL`) is in a package.
 */
export function packageCaller(code: string, scriptName: string): () => boolean {
  let lines: string[] | undefined;
  const inPackage = new Map<number, boolean>();
  const frame = new RegExp(`${scriptName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):\\d+`);
  return () => {
    const m = frame.exec(new Error().stack ?? '');
    if (!m) return false;
    const line = Number(m[1]);
    const known = inPackage.get(line);
    if (known !== undefined) return known;
    lines ??= code.split('\n');
    let answer = false;
    for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
      if (!lines[i].startsWith('// ')) continue;
      answer = lines[i].includes('node_modules/');
      break;
    }
    inPackage.set(line, answer);
    return answer;
  };
}
