// `diagnostics_channel` for components. Node's channels are one registry per process: Node's
// own http client and undici (fetch) publish every request on them, headers included, so a
// subscriber would see other components' requests. Here each compartment has its own registry:
// subscribe, publish, hasSubscribers, channel and tracingChannel work among that compartment's
// own code (and the packages bundled into it) and are never connected to Node's channels.

type Fn = (this: unknown, ...args: unknown[]) => unknown;
type Name = string | symbol;

const TRACE_EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;

function checkName(name: unknown): Name {
  if (typeof name !== 'string' && typeof name !== 'symbol') throw new TypeError('The "name" argument must be one of type string or symbol');
  return name;
}

function checkFn(fn: unknown, what: string): Fn {
  if (typeof fn !== 'function') throw new TypeError(`The "${what}" argument must be of type function`);
  return fn as Fn;
}

/** One compartment's `diagnostics_channel`; `onError` reports a subscriber's throw as Node does (asynchronously). */
export function makeDiagnosticsChannel(onError: (err: unknown) => void): Readonly<Record<string, unknown>> {
  // Subscribers are kept beside the channels, not on them (a WeakMap rather than `#private`
  // fields, which the desktop packaging's scanner cannot parse).
  const subscribersOf = new WeakMap<object, Fn[]>();
  const subs = (ch: object): Fn[] => subscribersOf.get(ch) ?? [];
  class Channel {
    readonly name: Name;
    constructor(name: Name) {
      this.name = name;
      subscribersOf.set(this, []);
    }
    get hasSubscribers(): boolean {
      return subs(this).length > 0;
    }
    subscribe(fn: unknown): void {
      subscribersOf.set(this, [...subs(this), checkFn(fn, 'subscription')]);
    }
    unsubscribe(fn: unknown): boolean {
      const i = subs(this).indexOf(fn as Fn);
      if (i < 0) return false;
      subscribersOf.set(this, subs(this).filter((_, j) => j !== i));
      return true;
    }
    publish(message: unknown): void {
      for (const fn of subs(this)) {
        try {
          fn(message, this.name);
        } catch (err) {
          onError(err);
        }
      }
    }
    // Stores belong to AsyncLocalStorage; without Node's channels there is no store to bind to.
    bindStore(): void {}
    unbindStore(): boolean {
      return false;
    }
    runStores(message: unknown, fn: unknown, thisArg?: unknown, ...args: unknown[]): unknown {
      this.publish(message);
      return Reflect.apply(checkFn(fn, 'fn'), thisArg, args);
    }
  }
  Object.freeze(Channel.prototype);
  Object.freeze(Channel);

  const channels = new Map<Name, Channel>();
  const channel = (name: unknown): Channel => {
    const n = checkName(name);
    let ch = channels.get(n);
    if (!ch) channels.set(n, (ch = new Channel(n)));
    return ch;
  };

  const tracingChannel = (nameOrChannels: unknown) => {
    const chans = {} as Record<(typeof TRACE_EVENTS)[number], Channel>;
    for (const event of TRACE_EVENTS) {
      if (typeof nameOrChannels === 'string') chans[event] = channel(`tracing:${nameOrChannels}:${event}`);
      else if (typeof nameOrChannels === 'object' && nameOrChannels !== null && (nameOrChannels as Record<string, unknown>)[event] instanceof Channel) {
        chans[event] = (nameOrChannels as Record<string, Channel>)[event];
      } else throw new TypeError('The "nameOrChannels" argument must be a string or an object of channels');
    }
    const each = (handlers: unknown, op: 'subscribe' | 'unsubscribe') => {
      let all = true;
      for (const event of TRACE_EVENTS) {
        const h = (handlers as Record<string, unknown> | null)?.[event];
        if (h === undefined) continue;
        if (op === 'subscribe') chans[event].subscribe(h);
        else all = chans[event].unsubscribe(h) && all;
      }
      return op === 'subscribe' ? undefined : all;
    };
    const settle = (context: Record<string, unknown>) => {
      chans.asyncStart.publish(context);
      chans.asyncEnd.publish(context);
    };
    const failed = (context: Record<string, unknown>, err: unknown) => {
      context.error = err;
      chans.error.publish(context);
    };
    return Object.freeze({
      ...chans,
      get hasSubscribers() {
        return TRACE_EVENTS.some((e) => chans[e].hasSubscribers);
      },
      subscribe: (handlers: unknown) => each(handlers, 'subscribe'),
      unsubscribe: (handlers: unknown) => each(handlers, 'unsubscribe'),
      traceSync(fn: unknown, context: Record<string, unknown> = {}, thisArg?: unknown, ...args: unknown[]) {
        chans.start.publish(context);
        try {
          const result = Reflect.apply(checkFn(fn, 'fn'), thisArg, args);
          context.result = result;
          return result;
        } catch (err) {
          failed(context, err);
          throw err;
        } finally {
          chans.end.publish(context);
        }
      },
      tracePromise(fn: unknown, context: Record<string, unknown> = {}, thisArg?: unknown, ...args: unknown[]) {
        chans.start.publish(context);
        try {
          return Promise.resolve(Reflect.apply(checkFn(fn, 'fn'), thisArg, args)).then(
            (result) => {
              context.result = result;
              settle(context);
              return result;
            },
            (err: unknown) => {
              failed(context, err);
              settle(context);
              throw err;
            },
          );
        } catch (err) {
          failed(context, err);
          throw err;
        } finally {
          chans.end.publish(context);
        }
      },
      traceCallback(fn: unknown, position = -1, context: Record<string, unknown> = {}, thisArg?: unknown, ...args: unknown[]) {
        const i = position < 0 ? args.length + position : position;
        const callback = checkFn(args[i], 'callback');
        args[i] = function (this: unknown, err: unknown, result: unknown) {
          if (err) failed(context, err);
          else context.result = result;
          chans.asyncStart.publish(context);
          try {
            return Reflect.apply(callback, this, [err, result]);
          } finally {
            chans.asyncEnd.publish(context);
          }
        };
        chans.start.publish(context);
        try {
          return Reflect.apply(checkFn(fn, 'fn'), thisArg, args);
        } catch (err) {
          failed(context, err);
          throw err;
        } finally {
          chans.end.publish(context);
        }
      },
    });
  };

  return Object.freeze({
    Channel,
    channel,
    tracingChannel,
    hasSubscribers: (name: unknown) => channels.get(checkName(name))?.hasSubscribers ?? false,
    subscribe: (name: unknown, fn: unknown) => channel(name).subscribe(fn),
    unsubscribe: (name: unknown, fn: unknown) => channel(name).unsubscribe(fn),
  });
}
