// The `console` a component sees. A real Node Console writing into our callback gives exact
// Node formatting (util.format, console.table, group indentation, console.trace) without any
// byte reaching the runner's own stdout, which belongs to the runner.
import { Console } from 'node:console';
import { format } from 'node:util';
import type { LogStream } from '../../../domain/invocations';
import { mapStack } from '../component/source-maps';
import { readable } from './readable-errors';

/** One console call's text without its trailing newline, and which stream it went to. */
export type LineSink = (stream: LogStream, line: string) => void;

/** Longer lines are cut: one runaway log call must not become a multi-megabyte IPC message. */
export const MAX_LINE_CHARS = 64 * 1024;

export function clipLine(text: string): string {
  const line = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LINE_CHARS)}… [${line.length - MAX_LINE_CHARS} more characters cut]`;
}

const METHODS = [
  'log', 'info', 'debug', 'warn', 'error', 'dir', 'dirxml', 'table', 'trace', 'assert',
  'count', 'countReset', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog',
] as const;

/** A frozen console whose every call becomes one line for `sink`. */
export function makeComponentConsole(sink: LineSink): Readonly<Record<string, unknown>> {
  const stream = (name: LogStream) => ({
    write(chunk: unknown) {
      sink(name, clipLine(typeof chunk === 'string' ? chunk : String(chunk)));
      return true;
    },
  });
  const real = new Console({
    stdout: stream('stdout') as unknown as NodeJS.WritableStream,
    stderr: stream('stderr') as unknown as NodeJS.WritableStream,
    colorMode: false,
    ignoreErrors: false, // our write never throws; true would need an EventEmitter stream
  });
  const out: Record<string, unknown> = {};
  // Wrappers rather than the Console's own bound methods, so the component never holds an
  // object whose prototype (Console.prototype) is shared with the runner.
  for (const m of METHODS) {
    const fn = (real as unknown as Record<string, (...a: unknown[]) => void>)[m];
    // table() lays out its argument itself; everything else formats through util.inspect.
    out[m] = m === 'table' ? (...args: unknown[]) => fn.apply(real, args) : (...args: unknown[]) => fn.apply(real, args.map((a) => readable(a)));
  }
  // Node's trace() builds its header from a plain object, which prints as "[object Object]"
  // under lockdown; this prints what Node would.
  out.trace = (...args: unknown[]) => {
    const frames = mapStack(new Error().stack ?? '').split('\n').slice(1).join('\n');
    real.error(`Trace${args.length > 0 ? `: ${format(...args.map((a) => readable(a)))}` : ''}\n${frames}`);
  };
  return Object.freeze(out);
}
