// The Search screen's state as the URL carries it (`#/search?q=…&status=error&since=1d`), the
// API query it makes, and the excerpt split around the match for highlighting.

export type StatusFilter = 'all' | 'error' | 'ok';
export type SinceFilter = 'any' | '1h' | '1d' | '7d';

export interface SearchState {
  q: string;
  status: StatusFilter;
  since: SinceFilter;
}

export const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'all' },
  { value: 'error', label: 'failed' },
  { value: 'ok', label: 'ok' },
];

export const SINCES: { value: SinceFilter; label: string; ms: number | null }[] = [
  { value: '1h', label: 'last hour', ms: 3_600_000 },
  { value: '1d', label: 'last day', ms: 86_400_000 },
  { value: '7d', label: 'last week', ms: 7 * 86_400_000 },
  { value: 'any', label: 'any time', ms: null },
];

/** The state a URL query string (`q=…&status=…&since=…`) names; anything unknown is the default. */
export function stateFromParams(params: URLSearchParams): SearchState {
  const status = params.get('status');
  const since = params.get('since');
  return {
    q: params.get('q') ?? '',
    status: status === 'error' || status === 'ok' ? status : 'all',
    since: SINCES.some((s) => s.value === since) ? (since as SinceFilter) : 'any',
  };
}

/** The query string of a state, defaults left out (what the URL shows). */
export function paramsOf(s: SearchState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.status !== 'all') p.set('status', s.status);
  if (s.since !== 'any') p.set('since', s.since);
  return p.toString();
}

/** The `GET /v1/search` query of a state at `now`. */
export function apiQuery(s: SearchState, now: number, limit = 100): { q?: string; status: StatusFilter; since?: string; limit: number } {
  const span = SINCES.find((x) => x.value === s.since)?.ms ?? null;
  return { ...(s.q.trim() ? { q: s.q.trim() } : {}), status: s.status, ...(span ? { since: String(now - span) } : {}), limit };
}

/** The text a query looks for (a `field:value` query's value; a quoted query without its quotes). */
export function needleOf(q: string): string {
  const t = q.trim();
  const quoted = /^"(.+)"$/.exec(t);
  if (quoted) return quoted[1];
  const field = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+)*:(?!\/\/)(.+)$/.exec(t);
  return (field ? field[1] : t).trim();
}

/** The excerpt cut into plain and matching parts (case-insensitive), for <mark>. */
export function highlight(text: string, q: string): { text: string; match: boolean }[] {
  const needle = needleOf(q).toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** Where a hit opens: the source's events view, or the workflow's run. */
export function hitHref(h: { kind: string; emitter_id?: string; workflow_id?: string; id: string }): string {
  return h.kind === 'workflow_run' ? `#/workflows/${h.workflow_id}/runs/${h.id}` : `#/events/${h.emitter_id}/${encodeURIComponent(h.id)}`;
}
