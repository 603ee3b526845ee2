// `async_hooks` for components. A real hook sees every async resource the runner creates, and
// so other components' invocations (their requests with decrypted props, their sockets), and it
// outlives the run that installed it; executionAsyncResource() hands out host objects. Here
// createHook() returns an inert hook (enable/disable do nothing, its callbacks are never
// called) and executionAsyncResource is refused. AsyncLocalStorage and AsyncResource are the
// real classes, each storage pinned to its own key so it can only ever read what it stored.
import { createRequire } from 'node:module';
import { functionFacade } from './function-facade';
import { refuser } from './refusals';

const nodeRequire = createRequire(import.meta.url);

type Fn = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Node calls `_propagate` of every storage for every new async resource in the process and
 * reads `kResourceStore` to pick the slot: an override of either would run the component's
 * code (or read another slot) inside other components' work. Both become fixed own properties.
 */
function pinStorage(storage: object, propagate: unknown): void {
  const key = (storage as { kResourceStore: unknown }).kResourceStore;
  Object.defineProperty(storage, 'kResourceStore', { value: key, writable: false, enumerable: true, configurable: false });
  Object.defineProperty(storage, '_propagate', { value: propagate, writable: false, enumerable: false, configurable: false });
}

/** One compartment's `async_hooks`. */
export function makeAsyncHooks(): Readonly<Record<string, unknown>> {
  const real = nodeRequire('node:async_hooks') as typeof import('node:async_hooks');
  const createHook = (callbacks: unknown) => {
    if (typeof callbacks !== 'object' || callbacks === null) throw new TypeError('The "callbacks" argument must be of type object');
    const hook = { enable: () => hook, disable: () => hook };
    return Object.freeze(hook);
  };
  const AsyncLocalStorage = functionFacade(real.AsyncLocalStorage as unknown as Fn, {
    made: (storage) => pinStorage(storage, (real.AsyncLocalStorage.prototype as unknown as { _propagate: unknown })._propagate),
    statics: () => ({
      bind: { value: real.AsyncLocalStorage.bind, enumerable: true },
      snapshot: { value: real.AsyncLocalStorage.snapshot, enumerable: true },
    }),
  });
  return Object.freeze({
    AsyncLocalStorage,
    AsyncResource: real.AsyncResource,
    executionAsyncId: real.executionAsyncId,
    triggerAsyncId: real.triggerAsyncId,
    asyncWrapProviders: real.asyncWrapProviders,
    createHook,
    executionAsyncResource: refuser('async_hooks.executionAsyncResource()', 'the current resource belongs to the runner; use AsyncLocalStorage'),
  });
}
