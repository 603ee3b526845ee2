import { apiRoutes } from '../../../shared/api-routes';
import type { FeedFrame } from '../../../shared/resources';

export type FeedStatus = 'connecting' | 'live' | 'down';

/**
 * The page's one live connection: the account stream `GET /v1/stream`. EventSource reconnects
 * by itself; `onStatus` reports each change so the sidebar can show it, and a reconnect is the
 * caller's cue to re-read lists (the stream has no replay).
 */
export function connectFeed(onFrame: (f: FeedFrame) => void, onStatus: (s: FeedStatus) => void): () => void {
  const es = new EventSource(apiRoutes.accountStream.path);
  onStatus('connecting');
  es.onopen = () => onStatus('live');
  es.onerror = () => onStatus(es.readyState === EventSource.CLOSED ? 'down' : 'connecting');
  es.onmessage = (m) => {
    try {
      onFrame(JSON.parse(m.data) as FeedFrame);
    } catch {
      /* a frame that is not JSON is not ours */
    }
  };
  return () => es.close();
}
