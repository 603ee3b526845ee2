import { Hono } from 'hono';
import type { StreamsService } from '../../services/streams-service';
import { sseResponse } from '../sse';

/**
 * GET /v1/stream: everything that happens in the account on one SSE connection (the web UI
 * would otherwise need one per source, and browsers allow six per origin). Each frame is a
 * `FeedFrame` as `data:`; there is no replay, a client re-reads lists after reconnecting.
 * The `change` frames are what the services published after their commits: this only forwards.
 */
export function feedRoutes(streams: StreamsService): Hono {
  const r = new Hono();
  r.get('/stream', (c) => sseResponse(c, streams.feed()));
  return r;
}
