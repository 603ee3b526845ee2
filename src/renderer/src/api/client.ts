import { createApiClient, type ApiClient } from '../../../shared/api-client';

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

/** The shared typed client on the page's own origin; failures become ApiError (401 tells the shell). */
export const client: ApiClient = createApiClient({
  baseUrl: '',
  fetch: (url, init) => fetch(url, init),
  credentials: 'same-origin',
  fail: (f) => {
    if (f.kind === 'network') return new ApiError(0, 'network', `The Runnel service did not answer (${(f.cause as Error).message}). Is it still running?`);
    if (f.kind === 'not_json') return new ApiError(f.status, 'bad_response', `The service answered ${f.status} with something that is not JSON`);
    if (f.status === 401) for (const l of authListeners) l(401);
    return new ApiError(f.status, f.error?.code ?? 'http_' + f.status, f.error?.message ?? `The service answered ${f.status}`, f.error?.details);
  },
});

/** A readable message for anything thrown by an action. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
