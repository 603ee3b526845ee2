// Stack traces in the user's terms. The compiler appends an inline source map to every bundle
// (runtime/compile-component.ts); each evaluated bundle gets its own script name here, so a
// frame names the bundle it ran in, and `mapStack` turns its line and column back into the
// user's file and line. Mapping happens in the runner, on the component's own map: the main
// process never parses anything a component produced.
import { createHash } from 'node:crypto';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** The text the bundle is wrapped in; it shares line 1 with the code, so only that line's columns shift. */
export const WRAPPER_PREFIX = '(function (require, module, exports, __filename, __dirname) { ';

const MAP_MARKER = '\n//# sourceMappingURL=data:application/json;base64,';
/** Bundles remembered for mapping (most recently loaded last); older ones map no more. */
const MAX_BUNDLES = 64;
/** A stack longer than this is cut before mapping (a message can be huge; frames are few). */
const MAX_STACK_CHARS = 64 * 1024;

interface Bundle {
  code: string;
  /** Parsed on first use; null when the bundle has no usable map (code saved before maps). */
  map?: TraceMap | null;
}

const bundles = new Map<string, Bundle>();

/** The script name (`sourceURL`) to evaluate `code` under; remembers it for `mapStack`. */
export function scriptNameFor(code: string): string {
  const name = `runnel-bundle-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
  bundles.delete(name);
  bundles.set(name, { code });
  if (bundles.size > MAX_BUNDLES) bundles.delete(bundles.keys().next().value!);
  return name;
}

// "    at fn (file:line:col)" or "    at file:line:col" (SES prints two spaces, Node four).
const FRAME = /^\s+at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * The stack with every frame of a component bundle mapped to the user's file and line, and
 * every other frame (the runner, Node's internals, SES) dropped. Message lines stay as they are.
 */
export function mapStack(stack: string): string {
  const out: string[] = [];
  for (const line of stack.slice(0, MAX_STACK_CHARS).split('\n')) {
    if (!/^\s+at /.test(line)) {
      out.push(line);
      continue;
    }
    const m = FRAME.exec(line);
    const bundle = m ? bundles.get(m[2]) : undefined;
    if (!m || !bundle) continue;
    const at = position(bundle, Number(m[3]), Number(m[4]));
    if (at) out.push(m[1] ? `    at ${m[1]} (${at})` : `    at ${at}`);
  }
  return out.join('\n');
}

/** `file:line:col` in the user's terms; undefined for the bundle's own glue (no source). */
function position(bundle: Bundle, line: number, col: number): string | undefined {
  const column = line === 1 ? Math.max(1, col - WRAPPER_PREFIX.length) : col;
  if (bundle.map === undefined) bundle.map = parseMap(bundle.code);
  // Without a map (a component saved before maps existed), the bundle's own line is all there is.
  if (bundle.map === null) return `component.js:${line}:${column}`;
  const p = originalPositionFor(bundle.map, { line, column: column - 1 });
  if (p.source === null || p.line === null) return undefined;
  return `${sourceName(p.source)}:${p.line}:${(p.column ?? 0) + 1}`;
}

function parseMap(code: string): TraceMap | null {
  const at = code.lastIndexOf(MAP_MARKER);
  if (at === -1) return null;
  try {
    const b64 = code.slice(at + MAP_MARKER.length).trim();
    return new TraceMap(Buffer.from(b64, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

/** A map's source as the user knows it: their file, or `node_modules/<package>/…` for a package. */
function sourceName(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm !== -1) return source.slice(nm);
  return source.replace(/^runnel-virtual:/, '');
}
