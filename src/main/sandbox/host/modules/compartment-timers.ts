// Timers for one compartment. Node's Timeout objects link to every other timer of the same
// duration (`_idleNext`), including other components' callbacks, so components get small
// handles instead. Tracking them lets the runner cancel what an invocation left pending when
// it ends (the hosted service freezes a function once it returns; here a leftover callback
// would run during another component's invocation), and a callback that throws is reported in
// the component's own log instead of the runner's. `timers/promises` is tracked the same way,
// through an AbortSignal.
import timersPromises from 'node:timers/promises';
import { promisify } from 'node:util';

type Fn = (...args: unknown[]) => unknown;

export interface TimerHandle {
  ref(): TimerHandle;
  unref(): TimerHandle;
  hasRef(): boolean;
  refresh(): TimerHandle;
  close(): TimerHandle;
  [Symbol.toPrimitive](): number;
}

export interface CompartmentTimers {
  /** setTimeout, clearTimeout, ... queueMicrotask, as compartment globals. */
  globals: Record<string, Fn>;
  /** `require('timers')`. */
  module: Readonly<Record<string, unknown>>;
  /** Clears every pending timer and interval; returns how many there were. The timers stay usable. */
  cancelPending(): number;
  /** Clears every pending timer and interval of the compartment. */
  dispose(): void;
}

type TimersPromises = typeof timersPromises;

/**
 * `timers/promises` whose waits end (rejecting with an AbortError) when `signal()` aborts, as
 * well as when the caller's own `signal` does.
 */
function trackedPromises(signal: () => AbortSignal, pending: Set<number>): Readonly<Record<string, unknown>> {
  let next = 0;
  const withSignal = (options: unknown): unknown => {
    if (options !== undefined && (typeof options !== 'object' || options === null)) return options; // Node reports it
    const own = (options as { signal?: AbortSignal } | undefined)?.signal;
    return { ...(options as object), signal: own ? AbortSignal.any([own, signal()]) : signal() };
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    const id = next++;
    pending.add(id);
    return p.finally(() => pending.delete(id));
  };
  return Object.freeze({
    setTimeout: (ms?: number, value?: unknown, options?: unknown) => track(timersPromises.setTimeout(ms, value, withSignal(options) as never)),
    setImmediate: (value?: unknown, options?: unknown) => track(timersPromises.setImmediate(value, withSignal(options) as never)),
    setInterval: (ms?: number, value?: unknown, options?: unknown) => timersPromises.setInterval(ms, value, withSignal(options) as never),
    scheduler: Object.freeze({
      wait: (ms: number, options?: unknown) => track((timersPromises as TimersPromises).scheduler.wait(ms, withSignal(options) as never)),
      yield: () => (timersPromises as TimersPromises).scheduler.yield(),
    }),
  });
}

/** Timer globals and `require('timers')` for one compartment, reporting callback errors via onUncaught. */
export function makeCompartmentTimers(onUncaught: (err: unknown) => void): CompartmentTimers {
  let nextId = 1;
  const live = new Map<number, { clear(): void }>();
  const ids = new WeakMap<object, number>();
  let aborter = new AbortController();
  /** Whether a promise timer (or interval iterator) was made since the last cancel. */
  let promiseTimersUsed = false;
  const pendingWaits = new Set<number>();
  const promises = trackedPromises(() => ((promiseTimersUsed = true), aborter.signal), pendingWaits);

  const guarded = (cb: Fn, args: unknown[]) => () => {
    try {
      cb(...args);
    } catch (err) {
      onUncaught(err);
    }
  };
  const idOf = (x: unknown): number | undefined => {
    if (typeof x === 'object' && x !== null) return ids.get(x);
    return typeof x === 'number' || typeof x === 'string' ? Number(x) : undefined;
  };
  const clear = (x: unknown) => {
    const id = idOf(x);
    if (id === undefined) return;
    live.get(id)?.clear();
    live.delete(id);
  };

  const schedule = (kind: 'timeout' | 'interval', cb: unknown, ms: unknown, args: unknown[]): TimerHandle => {
    if (typeof cb !== 'function') return setTimeout(cb as never) as never; // Node throws its usual error
    const id = nextId++;
    const run = guarded(cb as Fn, args);
    const t: NodeJS.Timeout =
      kind === 'timeout'
        ? setTimeout(() => {
            live.delete(id);
            run();
          }, ms as number)
        : setInterval(run, ms as number);
    live.set(id, { clear: () => clearTimeout(t) });
    const handle: TimerHandle = {
      ref: () => (t.ref(), handle),
      unref: () => (t.unref(), handle),
      hasRef: () => t.hasRef(),
      refresh: () => (t.refresh(), handle),
      close: () => (clear(id), handle),
      [Symbol.toPrimitive]: () => id,
    };
    ids.set(Object.freeze(handle), id);
    return handle;
  };

  const immediate = (cb: unknown, args: unknown[]) => {
    if (typeof cb !== 'function') return setImmediate(cb as never) as never;
    const id = nextId++;
    const run = guarded(cb as Fn, args);
    const im = setImmediate(() => {
      live.delete(id);
      run();
    });
    live.set(id, { clear: () => clearImmediate(im) });
    const handle = Object.freeze({
      ref: () => (im.ref(), handle),
      unref: () => (im.unref(), handle),
      hasRef: () => im.hasRef(),
      [Symbol.toPrimitive]: () => id,
    });
    ids.set(handle, id);
    return handle;
  };

  const wrappedSetTimeout = (cb: unknown, ms?: unknown, ...args: unknown[]) => schedule('timeout', cb, ms, args);
  const wrappedSetImmediate = (cb: unknown, ...args: unknown[]) => immediate(cb, args);
  // util.promisify(setTimeout) is a documented idiom; keep it working (and cancellable).
  Object.defineProperty(wrappedSetTimeout, promisify.custom, { value: promises.setTimeout });
  Object.defineProperty(wrappedSetImmediate, promisify.custom, { value: promises.setImmediate });

  const globals: Record<string, Fn> = {
    setTimeout: wrappedSetTimeout,
    setInterval: (cb: unknown, ms?: unknown, ...args: unknown[]) => schedule('interval', cb, ms, args),
    setImmediate: wrappedSetImmediate,
    clearTimeout: clear,
    clearInterval: clear,
    clearImmediate: clear,
    queueMicrotask: (cb: unknown) => {
      if (typeof cb !== 'function') return queueMicrotask(cb as never);
      queueMicrotask(guarded(cb as Fn, []));
    },
  };
  const module = Object.freeze({ ...globals, promises });
  const cancelPending = (): number => {
    const count = live.size + pendingWaits.size;
    for (const t of live.values()) t.clear();
    live.clear();
    if (promiseTimersUsed) {
      promiseTimersUsed = false;
      pendingWaits.clear();
      aborter.abort();
      aborter = new AbortController();
    }
    return count;
  };
  return {
    globals,
    module,
    cancelPending,
    dispose: () => void cancelPending(),
  };
}
