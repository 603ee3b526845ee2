// `http` and `https` for components. The modules' globalAgent is one object per runner that
// pools sockets and emits them ('free') to any listener: a component holding it could listen
// to other components' connections or replace its methods. Each compartment gets its own
// agent instead, used whenever a request does not name one.
import http from 'node:http';
import https from 'node:https';

type Fn = (...args: unknown[]) => unknown;

export interface HttpModule {
  module: Readonly<Record<string, unknown>>;
  /** Closes the compartment's pooled sockets. */
  dispose(): void;
}

/** One compartment's `http` or `https`: the real module with its own default agent. */
export function makeHttpModule(kind: 'http' | 'https'): HttpModule {
  const base = kind === 'http' ? http : https;
  const agent = new base.Agent({ keepAlive: true });

  const withAgent = (args: unknown[]): unknown[] => {
    const a = [...args];
    const i = typeof a[0] === 'string' || a[0] instanceof URL ? 1 : 0;
    const opts = a[i];
    if (typeof opts === 'object' && opts !== null) {
      if ((opts as { agent?: unknown }).agent === undefined) a[i] = { ...opts, agent };
    } else {
      a.splice(i, 0, { agent });
    }
    return a;
  };

  const module: Record<string, unknown> = Object.create(Object.getPrototypeOf(base));
  Object.defineProperties(module, {
    ...Object.getOwnPropertyDescriptors(base),
    globalAgent: { value: agent, enumerable: true },
    request: { value: (...args: unknown[]) => (base.request as Fn)(...withAgent(args)), enumerable: true },
    get: { value: (...args: unknown[]) => (base.get as Fn)(...withAgent(args)), enumerable: true },
  });
  return {
    module: Object.freeze(module),
    dispose: () => agent.destroy(),
  };
}
