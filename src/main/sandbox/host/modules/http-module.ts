// `http` and `https` for components, built from an allow-list. The modules' globalAgent is one
// object per runner that pools sockets and emits them ('free') to any listener: a component
// holding it could listen to other components' connections or replace its methods. Each
// compartment gets its own agent instead, used whenever a request does not name one. Options
// are checked where they enter (request, get, ClientRequest, Agent, createServer, Server):
// OpenSSL engine options and socketPath are refused (see http-options.ts).
// setMaxIdleHTTPParsers (process-wide) and _connectionListener (internal) are left out.
import http from 'node:http';
import https from 'node:https';
import { functionFacade } from './function-facade';
import { checkedOptions, checkedRequestArgs } from './http-options';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

export interface HttpModule {
  module: Readonly<Record<string, unknown>>;
  /** Closes the compartment's pooled sockets. */
  dispose(): void;
}

const KEEP = {
  http: ['METHODS', 'STATUS_CODES', 'IncomingMessage', 'OutgoingMessage', 'ServerResponse', 'validateHeaderName', 'validateHeaderValue', 'maxHeaderSize'],
  https: [] as string[],
};

/** One compartment's `http` or `https`: the real module's functions behind checks, with its own default agent. */
export function makeHttpModule(kind: 'http' | 'https'): HttpModule {
  const base = (kind === 'http' ? http : https) as unknown as Record<string, unknown> & typeof https;
  const agent = new base.Agent({ keepAlive: true });

  const withAgent = (args: unknown[]): unknown[] => {
    const a = checkedRequestArgs(args, kind);
    const i = typeof a[0] === 'string' || a[0] instanceof URL ? 1 : 0;
    const opts = a[i];
    if (typeof opts === 'object' && opts !== null) {
      if ((opts as { agent?: unknown }).agent === undefined) a[i] = { ...opts, agent };
    } else {
      a.splice(i, 0, { agent });
    }
    return a;
  };
  const serverArgs = (args: unknown[]) => {
    const a = [...args];
    if (typeof a[0] === 'object' && a[0] !== null) a[0] = checkedOptions(a[0], `${kind} server`);
    return a;
  };

  const module: Record<string, unknown> = {};
  for (const key of KEEP[kind]) module[key] = base[key];
  Object.assign(module, {
    globalAgent: agent,
    request: (...args: unknown[]) => (base.request as Fn)(...withAgent(args)),
    get: (...args: unknown[]) => (base.get as Fn)(...withAgent(args)),
    Agent: functionFacade(base.Agent as unknown as Fn, { args: (a) => [checkedOptions(a[0], `${kind}.Agent`), ...a.slice(1)] }),
    Server: functionFacade(base.Server as unknown as Fn, { args: serverArgs }),
    createServer: (...args: unknown[]) => (base.createServer as Fn)(...serverArgs(args)),
  });
  if (kind === 'http') module.ClientRequest = functionFacade(http.ClientRequest as unknown as Fn, { args: withAgent });
  return {
    module: Object.freeze(module),
    dispose: () => agent.destroy(),
  };
}
