// A compartment's own stand-in for a Node function: a module that is a function (events,
// stream, assert) or a class whose constructor must check its arguments (https.Agent, ...).
// Calls, `new`, `class X extends`, `util.inherits` and `instanceof` reach the real function
// (the facade shares its prototype), while the facade's own properties are only those given,
// so nothing else the real function carries (a process-wide setter, say) comes along.

type Fn = (this: unknown, ...args: unknown[]) => unknown;

export interface FacadeOptions {
  /** The arguments the real function gets (checked or rewritten); the given ones by default. */
  args?(args: unknown[]): unknown[];
  /** Called with each object `new` made, before the caller sees it. */
  made?(obj: object): void;
  /** The facade's own properties; `self` is the facade (for a module's self-reference). */
  statics?(self: Fn): PropertyDescriptorMap;
}

/** A frozen function that forwards to `real` as described above. */
export function functionFacade(real: Fn, o: FacadeOptions = {}): Fn {
  const facade = function (this: unknown, ...given: unknown[]) {
    const args = o.args ? o.args(given) : given;
    if (new.target) {
      const made = Reflect.construct(real, args, new.target) as object;
      o.made?.(made);
      return made;
    }
    return Reflect.apply(real, this, args);
  } as Fn;
  Object.defineProperty(facade, 'name', { value: real.name });
  Object.defineProperty(facade, 'length', { value: real.length });
  Object.defineProperty(facade, 'prototype', { value: real.prototype, writable: false });
  if (o.statics) Object.defineProperties(facade, o.statics(facade));
  return Object.freeze(facade);
}
