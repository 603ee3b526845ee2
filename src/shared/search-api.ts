// Search across every source's events and every workflow's runs (`GET /v1/search`), and the
// replay of workflow runs (`POST /v1/workflows/{id}/runs/replay`): request schemas and answers.
import { z } from 'zod';

/** A time bound: epoch ms, or an ISO 8601 date-time. */
const timeBound = z
  .string()
  .max(40)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a time: give epoch milliseconds or an ISO 8601 date-time such as 2026-01-31T12:00:00Z` });
      return z.NEVER;
    }
    return ms;
  });

export const searchQuery = z.object({
  /** Case-insensitive text, or `path.to.field:text` (the field of the payload). */
  q: z.string().max(500).optional(),
  status: z.enum(['ok', 'error', 'all'], { error: 'status accepts ok, error or all' }).default('all'),
  kind: z.enum(['source', 'workflow'], { error: 'kind accepts source or workflow' }).optional(),
  since: timeBound,
  until: timeBound,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
  before: z.string().max(200).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** One thing found: a source's event or a workflow's run, and where it is. */
export const searchHit = z.object({
  kind: z.enum(['source_event', 'workflow_run']),
  /** The source (source_event). */
  emitter_id: z.string().optional(),
  /** The workflow (workflow_run). */
  workflow_id: z.string().optional(),
  /** The source's or workflow's name. */
  name: z.string(),
  /** The event id or the run id. */
  id: z.string(),
  /** An event's channel ('' is the default one). */
  channel: z.string().optional(),
  /** When it was stored (event) or started (run), epoch ms. */
  ts: z.number(),
  status: z.enum(['ok', 'error']),
  /** A run's own status (running, paused, success, error, exited, cancelled). */
  run_status: z.string().optional(),
  summary: z.string(),
  /** A short excerpt of the JSON around the match ('' when the query is empty). */
  match: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** At most this many runs are replayed by one request (a workflow keeps its last 100). */
export const REPLAY_LIMIT = 100;

export const replayBody = z
  .object({
    run_ids: z.array(z.string().min(1).max(100), { error: 'run_ids must be an array of run ids' }).min(1, 'run_ids must name at least one run').max(REPLAY_LIMIT, `run_ids may name at most ${REPLAY_LIMIT} runs`),
    /** An edited trigger event, only with one run id. */
    event: z.unknown().optional(),
  })
  .refine((b) => b.event === undefined || b.run_ids.length === 1, { message: 'an edited event replays one run: give exactly one run id with "event"' });
export type ReplayBody = z.infer<typeof replayBody>;

/** One replayed run: the old id, the new run's id and how it ended. */
export const replayedRun = z.object({ run_id: z.string(), replay_run_id: z.string(), status: z.string() });
export type ReplayedRun = z.infer<typeof replayedRun>;
