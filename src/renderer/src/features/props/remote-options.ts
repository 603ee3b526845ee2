// Async options (spec 2.9): pages asked for by `page` and by the `context` the last answer gave.
import { client } from '../../api/client';
import { normalizeOptions, type Option } from './prop-form-model';

export interface OptionsAnswer {
  options: unknown[];
  context: unknown;
}

export interface RemoteOptions {
  options: Option[];
  /** The page the next request asks for. */
  page: number;
  /** The context the last answer gave, passed back as `prevContext`. */
  context: unknown;
  /** Whether the last answer said there is another page. */
  more: boolean;
  query: string;
}

/** Whether an answer's context points to a next page (`{nextPageToken: "…"}`; `{}` or null ends). */
export function hasNextPage(context: unknown): boolean {
  if (context === null || typeof context !== 'object') return false;
  return Object.values(context).some((v) => v !== null && v !== undefined && v !== '');
}

/** The state after one more answer (the first one when `prev` is null); options are not repeated. */
export function appendAnswer(prev: RemoteOptions | null, answer: OptionsAnswer | unknown[], query = ''): RemoteOptions {
  const a: OptionsAnswer = Array.isArray(answer) ? { options: answer, context: null } : answer;
  const seen = new Set(prev?.options.map((o) => o.key));
  const added = normalizeOptions(a.options).filter((o) => !seen.has(o.key) && (seen.add(o.key), true));
  return { options: [...(prev?.options ?? []), ...added], page: (prev?.page ?? 0) + 1, context: a.context ?? null, more: hasNextPage(a.context), query };
}

/** The body of the request for the next page (or the first when `prev` is null). */
export function nextRequest(prev: RemoteOptions | null, configured: Record<string, unknown>, query: string) {
  return {
    configured_props: configured,
    page: prev?.page ?? 0,
    ...(prev?.context != null ? { prevContext: prev.context } : {}),
    ...(query ? { query } : {}),
  };
}

/** Asks the service for one page of a prop's options. */
export function fetchOptions(componentId: string, prop: string, body: ReturnType<typeof nextRequest>) {
  return client.data('propOptions', { idOrKey: componentId, prop, body });
}
