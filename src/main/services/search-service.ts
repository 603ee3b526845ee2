import { RunnelError } from '../../shared/errors';
import type { PageInfo, WorkflowRun } from '../../shared/resources';
import type { SearchHit, SearchQuery } from '../../shared/search-api';
import type { EventLog, StoredEvent } from '../engine/ports/event-log';
import { excerpt, fieldMatches, jsonText, lowerJsonOf, parseQuery, valueAt, type TextQuery } from '../runtime/search/search-text';
import { ERRORS_CHANNEL } from '../runtime/workflows/errors-channel';

export interface SearchServiceDeps {
  events: EventLog;
  sources(): { id: string; name: string }[];
  workflows(): { id: string; name: string }[];
  /** A workflow's runs, newest first (in progress, paused, then the last 100 finished). */
  runs(workflowId: string): WorkflowRun[];
}

/** A match before it is shaped as a hit: only the page's are shaped. */
interface Found {
  ts: number;
  id: string;
  hit(): SearchHit;
}


/** What a run's text is: its trigger event, each step's results, errors and logs. */
function runText(run: WorkflowRun): unknown {
  return {
    event: run.trigger.event,
    exit_reason: run.exit_reason,
    steps: run.steps.map((s) => ({ name: s.name, ret: s.$return_value, exports: s.exports, summary: s.summary, error: s.error?.message, logs: s.logs.map((l) => l.line) })),
  };
}

function runSummary(run: WorkflowRun): string {
  const failed = run.steps.find((s) => s.status === 'error');
  if (failed?.error) return `${failed.name}: ${failed.error.code}: ${failed.error.message}`.slice(0, 200);
  if (run.exit_reason) return run.exit_reason.slice(0, 200);
  const summaries = run.steps.map((s) => s.summary).filter(Boolean);
  return summaries.at(-1) ?? `${run.status}, ${run.steps.length} step(s)`;
}

/**
 * Search across every source's retained events (every channel, `$errors` too) and every
 * workflow's kept runs, in memory: the stores keep both there, and each item's lowercased JSON
 * is computed once (search-text.ts), so a search is a scan of cached strings.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  search(q: SearchQuery): { data: SearchHit[]; page_info: PageInfo } {
    const text = parseQuery(q.q);
    const before = q.before ? parseCursor(q.before) : undefined;
    const inTime = (ts: number) => (q.since === undefined || ts >= q.since) && (q.until === undefined || ts <= q.until);
    const wanted = (status: 'ok' | 'error') => q.status === 'all' || q.status === status;
    const found: Found[] = [];
    if (q.kind !== 'workflow') {
      for (const src of this.deps.sources()) {
        for (const [ch, list] of this.deps.events.channels(src.id)) {
          for (const e of list) {
            if (!inTime(e.ms)) continue;
            const status = ch === ERRORS_CHANNEL || e.fail ? 'error' : 'ok';
            if (!wanted(status) || !matches(text, e.ev, () => lowerJsonOf(e, () => e.ev))) continue;
            found.push({ ts: e.ms, id: e.id, hit: () => eventHit(src, e, status, text) });
          }
        }
      }
    }
    if (q.kind !== 'source') {
      for (const wf of this.deps.workflows()) {
        for (const run of this.deps.runs(wf.id)) {
          if (!inTime(run.started_at)) continue;
          const status = run.status === 'error' ? 'error' : 'ok';
          const stable = run.status !== 'running' && run.status !== 'paused';
          if (!wanted(status) || !matches(text, run.trigger.event, () => lowerJsonOf(run, () => runText(run), stable))) continue;
          found.push({ ts: run.started_at, id: run.id, hit: () => runHit(wf, run, status, text) });
        }
      }
    }
    found.sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const start = before ? found.findIndex((f) => f.ts < before.ts || (f.ts === before.ts && f.id < before.id)) : 0;
    const page = start === -1 ? [] : found.slice(start, start + q.limit);
    const data = page.map((f) => f.hit());
    const cursor = (f: Found | undefined) => (f ? `${f.ts}:${f.id}` : null);
    return { data, page_info: { total_count: found.length, count: data.length, start_cursor: cursor(page[0]), end_cursor: cursor(page.at(-1)) } };
  }
}

function matches(q: TextQuery | null, payload: unknown, lowerText: () => string): boolean {
  if (!q) return true;
  return q.field ? fieldMatches(payload, q) : lowerText().includes(q.text);
}

function excerptFor(q: TextQuery | null, payload: unknown, whole: () => unknown): string {
  if (!q) return '';
  return excerpt(jsonText(q.field ? payload : whole()), q.text);
}

function eventHit(src: { id: string; name: string }, e: StoredEvent, status: 'ok' | 'error', q: TextQuery | null): SearchHit {
  const payload = q?.field ? fieldValue(e.ev, q) : e.ev;
  return {
    kind: 'source_event',
    emitter_id: src.id,
    name: src.name,
    id: e.id,
    channel: e.ch,
    ts: e.ms,
    status,
    summary: e.sum ?? (e.ch ? `on ${e.ch}` : ''),
    match: excerptFor(q, payload, () => e.ev),
  };
}

function runHit(wf: { id: string; name: string }, run: WorkflowRun, status: 'ok' | 'error', q: TextQuery | null): SearchHit {
  const payload = q?.field ? fieldValue(run.trigger.event, q) : undefined;
  return {
    kind: 'workflow_run',
    workflow_id: wf.id,
    name: wf.name,
    id: run.id,
    ts: run.started_at,
    status,
    run_status: run.status,
    summary: runSummary(run),
    match: excerptFor(q, payload, () => runText(run)),
  };
}

/** A field query's excerpt shows `field: value`. */
function fieldValue(payload: unknown, q: TextQuery): string {
  return `${q.field!.join('.')}: ${jsonText(valueAt(payload, q.field!))}`;
}

function parseCursor(c: string): { ts: number; id: string } {
  const i = c.indexOf(':');
  const ts = Number(c.slice(0, i));
  if (i <= 0 || !Number.isFinite(ts)) throw new RunnelError('bad_request', `before must be a cursor from page_info (such as 1767225600000:r_abc), got "${c}"`);
  return { ts, id: c.slice(i + 1) };
}
