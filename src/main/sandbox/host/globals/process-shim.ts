// The `process` a component sees: what libraries commonly read (env, platform, versions,
// nextTick, hrtime) and nothing that reaches the runner (exit, kill, binding, the host env,
// real stdio). `env` holds PD_COMPONENT and the project's environment variables, as on the
// hosted service; the host refills it before each invocation (load-component.ts).
import { VIRTUAL_ROOT } from '../modules/scratch-paths';
import { clipLine, type LineSink } from './component-console';

type Fn = (...args: unknown[]) => unknown;

export interface ProcessShimOptions {
  /** The compartment's current `process.env` (frozen), replaced by its owner before each invocation. */
  env(): Readonly<Record<string, string>>;
  sink: LineSink;
  /** Reports an error thrown by a nextTick callback in the component's log. */
  onUncaught(err: unknown): void;
}

/** A frozen `process` stand-in for one compartment. */
export function makeProcessShim(o: ProcessShimOptions): Readonly<Record<string, unknown>> {
  const stdio = (stream: 'stdout' | 'stderr') =>
    Object.freeze({
      isTTY: false,
      write(chunk: unknown, ...rest: unknown[]) {
        o.sink(stream, clipLine(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8')));
        const cb = rest.find((r) => typeof r === 'function') as Fn | undefined;
        if (cb) process.nextTick(cb);
        return true;
      },
    });
  const hrtime = Object.assign((prev?: [number, number]) => process.hrtime(prev), {
    bigint: () => process.hrtime.bigint(),
  });
  const memoryUsage = Object.assign(() => process.memoryUsage(), { rss: () => process.memoryUsage.rss() });
  // Libraries register exit/warning listeners; accepting and ignoring them beats a TypeError.
  const self: Record<string, unknown> = {};
  const chain = () => self;
  Object.defineProperty(self, 'env', { get: o.env, enumerable: true });
  Object.assign(self, {
    argv: Object.freeze(['node', `${VIRTUAL_ROOT}/component.js`]),
    execArgv: Object.freeze([]),
    platform: process.platform,
    arch: process.arch,
    version: process.version,
    versions: Object.freeze({ ...process.versions }),
    release: Object.freeze({ name: 'node' }),
    title: 'runnel-component',
    cwd: () => VIRTUAL_ROOT,
    uptime: () => process.uptime(),
    hrtime,
    memoryUsage,
    nextTick: (cb: unknown, ...args: unknown[]) => {
      if (typeof cb !== 'function') return process.nextTick(cb as never);
      process.nextTick(() => {
        try {
          (cb as Fn)(...args);
        } catch (err) {
          o.onUncaught(err);
        }
      });
    },
    emitWarning: (warning: unknown) => {
      o.sink('stderr', `Warning: ${warning instanceof Error ? warning.message : String(warning)}`);
    },
    stdout: stdio('stdout'),
    stderr: stdio('stderr'),
    on: chain,
    once: chain,
    off: chain,
    addListener: chain,
    removeListener: chain,
    removeAllListeners: chain,
    listeners: () => [],
    emit: () => false,
    // exit, abort, kill, binding, dlopen: deliberately absent (`typeof process.exit` is
    // 'undefined'), so feature checks see a platform without them.
  });
  // Libraries tell Node from a browser by `Object.prototype.toString.call(process)`, which is
  // "[object process]" on Node: axios picks its http adapter (Node streams and Buffers for
  // responseType "stream"/"arraybuffer") only then, and falls back to fetch (web streams) otherwise.
  Object.defineProperty(self, Symbol.toStringTag, { value: 'process', configurable: true });
  return Object.freeze(self);
}
