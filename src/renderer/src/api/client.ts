import type { ErrorBody } from '../../../shared/errors';

/** An error answered by the service (or a network failure), with the API's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Listener = (status: number) => void;
const authListeners = new Set<Listener>();

/** Called with 401 whenever the page's session is refused (the shell then shows how to sign in). */
export function onAuthFailure(l: Listener): () => void {
  authListeners.add(l);
  return () => authListeners.delete(l);
}

/**
 * Calls the REST API on the page's own origin. The browser sends the HttpOnly session cookie;
 * the page never holds the API key. Resolves to the whole JSON body (`{data, page_info?}`).
 */
export async function request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, 'network', `The Runnel service did not answer (${(err as Error).message}). Is it still running?`);
  }
  if (res.status === 202 || res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(res.status, 'bad_response', `The service answered ${res.status} with something that is not JSON`);
  }
  if (!res.ok) {
    if (res.status === 401) for (const l of authListeners) l(401);
    const e = (json as ErrorBody | undefined)?.error;
    throw new ApiError(res.status, e?.code ?? 'http_' + res.status, e?.message ?? `The service answered ${res.status}`, e?.details);
  }
  return json as T;
}

/** The `data` of a response (`undefined` for a 202/204 answer without a body). */
export async function data<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await request<{ data: T } | undefined>(method, path, body))?.data as T;
}

export const api = {
  get: <T>(path: string) => data<T>('GET', path),
  post: <T>(path: string, body?: unknown) => data<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => data<T>('PUT', path, body),
  del: <T>(path: string) => data<T>('DELETE', path),
};

/** A readable message for anything thrown by an action. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
