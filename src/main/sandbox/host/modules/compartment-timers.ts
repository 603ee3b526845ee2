// Timers for one compartment. Node's Timeout objects link to every other timer of the same
// duration (`_idleNext`), including other components' callbacks, so components get small
// handles instead. Tracking them lets `forget` stop an instance's leftover intervals, and a
// callback that throws is reported in the component's own log instead of the runner's.
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
  /** Clears every pending timer and interval of the compartment. */
  dispose(): void;
}

/** Timer globals and `require('timers')` for one compartment, reporting callback errors via onUncaught. */
export function makeCompartmentTimers(onUncaught: (err: unknown) => void): CompartmentTimers {
  let nextId = 1;
  const live = new Map<number, { clear(): void }>();
  const ids = new WeakMap<object, number>();

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
  // util.promisify(setTimeout) is a documented idiom; keep it working.
  Object.defineProperty(wrappedSetTimeout, promisify.custom, { value: (...a: Parameters<typeof timersPromises.setTimeout>) => timersPromises.setTimeout(...a) });
  Object.defineProperty(wrappedSetImmediate, promisify.custom, { value: (...a: Parameters<typeof timersPromises.setImmediate>) => timersPromises.setImmediate(...a) });

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
  const module = Object.freeze({ ...globals, promises: Object.freeze({ ...timersPromises }) });
  return {
    globals,
    module,
    dispose() {
      for (const t of live.values()) t.clear();
      live.clear();
    },
  };
}
