// The one REST client of the CLI and the web UI, typed from the route table: an operation's path
// parameters, query, body and answer are inferred from its entry. fetch is injected (no node:*,
// no DOM here); each caller turns a failure into its own error type.
import type { z } from 'zod';
import type { ErrorBody } from './errors';
import { apiRoutes, type ApiRoutes, type OperationId } from './api-routes';
import type { PathParams, RouteDef } from './route-def';

/** The part of `fetch` the client uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; credentials?: 'same-origin' },
) => Promise<{ status: number; ok: boolean; text(): Promise<string> }>;

/** Why a request failed: no answer, an answer that is not JSON, or the API's error. */
export type Failure =
  | { kind: 'network'; method: string; path: string; cause: unknown }
  | { kind: 'not_json'; method: string; path: string; status: number }
  | { kind: 'error'; method: string; path: string; status: number; error?: ErrorBody['error'] };

export interface ClientOptions {
  /** Origin of the service ('' for the page's own origin). */
  baseUrl: string;
  fetch: FetchLike;
  /** Headers sent with every request (the CLI's API key). */
  headers?: Record<string, string>;
  /** Browser pages send their session cookie. */
  credentials?: 'same-origin';
  /** The error to throw for a failure. */
  fail(f: Failure): Error;
}

type Input<Z> = Z extends z.ZodType ? z.input<Z> : never;
type Route<K extends OperationId> = ApiRoutes[K];
/** What `call(op, args)` takes: the path's `{params}`, then `query` and `body` where the route has them. */
export type CallArgs<K extends OperationId> = PathParams<Route<K>['path']> &
  (Route<K> extends { query: infer Q } ? { query?: Partial<Input<Q>> } : unknown) &
  (Route<K> extends { body: infer B } ? { body: Input<B> } : unknown);
/** The arguments of `call`: optional when nothing in them is required. */
type ArgsOf<K extends OperationId> = Record<never, never> extends CallArgs<K> ? [CallArgs<K>?] : [CallArgs<K>];
/** The JSON an operation answers with on success (`undefined` for a 202 without a body). */
export type Answer<K extends OperationId> = Route<K>['response'] extends infer R extends z.ZodType ? z.output<R> : undefined;
/** The `data` of an operation's answer. */
export type DataOf<K extends OperationId> = Answer<K> extends { data: infer D } ? D : never;

/** Operations that answer a page (`{data: [...], page_info}`) and take `before` to page on. */
export type PagedOp = { [K in OperationId]: Answer<K> extends { page_info: unknown; data: unknown[] } ? (Route<K> extends { query: object } ? K : never) : never }[OperationId];

export interface ApiClient {
  /** One operation of the table; resolves to its whole answer. */
  call<K extends OperationId>(op: K, ...args: ArgsOf<K>): Promise<Answer<K>>;
  /** One operation of the table; resolves to the `data` of its answer. */
  data<K extends OperationId>(op: K, ...args: ArgsOf<K>): Promise<DataOf<K>>;
  /** Every item of a paged list, 100 a request, newest first. */
  all<K extends PagedOp>(op: K, ...args: ArgsOf<K>): Promise<DataOf<K>>;
}

/** `/v1/sources/dc_1?limit=5` for an operation and its arguments. */
export function pathOf(route: RouteDef, args: Record<string, unknown> = {}): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const query = Object.entries((args.query ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

export function createApiClient(o: ClientOptions): ApiClient {
  /** One request; resolves to the whole JSON body (undefined for 202/204). */
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Awaited<ReturnType<FetchLike>>;
    try {
      res = await o.fetch(o.baseUrl + path, {
        method,
        headers: { ...o.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(o.credentials ? { credentials: o.credentials } : {}),
      });
    } catch (cause) {
      throw o.fail({ kind: 'network', method, path, cause });
    }
    if (res.status === 202 || res.status === 204) return undefined as T;
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw o.fail({ kind: 'not_json', method, path, status: res.status });
    }
    if (!res.ok) throw o.fail({ kind: 'error', method, path, status: res.status, error: (json as ErrorBody | undefined)?.error });
    return json as T;
  }
  const call = (op: OperationId, args?: Record<string, unknown>) => {
    const route: RouteDef = apiRoutes[op];
    return request(route.method.toUpperCase(), pathOf(route, args), route.body ? (args?.body ?? {}) : route.method === 'post' ? {} : undefined);
  };
  const PAGE = 100;
  async function all(op: OperationId, args: Record<string, unknown> = {}) {
    const out: unknown[] = [];
    let before: string | null = null;
    for (;;) {
      const query = { ...(args.query as object), limit: PAGE, ...(before ? { before } : {}) };
      const page = (await call(op, { ...args, query })) as { data: unknown[]; page_info: { end_cursor: string | null } };
      out.push(...page.data);
      before = page.page_info.end_cursor;
      if (page.data.length < PAGE || !before) return out;
    }
  }
  return {
    all: all as ApiClient['all'],
    call: call as ApiClient['call'],
    data: (async (op: OperationId, args?: Record<string, unknown>) => ((await call(op, args)) as { data?: unknown } | undefined)?.data) as ApiClient['data'],
  };
}
