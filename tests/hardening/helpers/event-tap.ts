import { readFeedFrames } from '../../../src/main/cli/feed-stream';
import type { ServiceHandle } from '../../helpers/service';

export interface TappedEvent {
  id: string;
  event: any;
  /** When the test received it (SSE only), epoch ms. */
  at?: number;
}

/**
 * An SSE stream read as it arrives. Unlike tests/helpers/sse.ts it wakes waiters on each frame
 * (no polling) and says when the stream ends (the service died or closed it).
 */
export interface Tap<T> {
  readonly events: T[];
  /** Resolves once `pred` holds for the items so far; rejects after `timeoutMs`. */
  until(pred: (items: T[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  /** Resolves when the stream has ended. */
  readonly ended: Promise<void>;
  close(): void;
}

export type EventTap = Tap<TappedEvent>;

/** A source's events as its SSE stream sends them. */
export async function tapEvents(svc: ServiceHandle, sourceId: string): Promise<EventTap> {
  return tapSse(svc, `/sources/${sourceId}/sse`, (frame) => (frame.k === 'emit' ? { id: frame.id, event: frame.e, at: Date.now() } : undefined));
}

/** A source's log lines as its log stream sends them. */
export async function tapLogs(svc: ServiceHandle, sourceId: string): Promise<Tap<string>> {
  return tapSse(svc, `/sources/${sourceId}/logs/sse`, (frame) => frame.line);
}

/** An SSE stream of the service, each frame's JSON data mapped by `pick` (undefined: skipped). */
export async function tapSse<T>(svc: ServiceHandle, path: string, pick: (frame: any) => T | undefined): Promise<Tap<T>> {
  const ctrl = new AbortController();
  const res = await fetch(svc.url + path, { headers: { authorization: `Bearer ${svc.apiKey}` }, signal: ctrl.signal });
  if (!res.ok || !res.body) throw new Error(`SSE ${path}: ${res.status}`);
  const items: T[] = [];
  let waiters: { pred: (items: T[]) => boolean; resolve(): void }[] = [];
  const wake = () => {
    waiters = waiters.filter((w) => {
      if (!w.pred(items)) return true;
      w.resolve();
      return false;
    });
  };
  const ended = readFeedFrames(res.body, (frame) => {
    const item = pick(frame);
    if (item !== undefined) items.push(item);
    wake();
  }).catch(() => {
    // aborted or the connection dropped with the service
  });
  return {
    events: items,
    ended,
    until(pred, timeoutMs = 10_000, what = 'frames') {
      if (pred(items)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`SSE ${path}: ${what} did not arrive within ${timeoutMs} ms (${items.length} seen)`)), timeoutMs);
        waiters.push({
          pred,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => ctrl.abort(),
  };
}

/** Every retained event of a source, oldest first, read page by page through REST. */
export async function allEvents(svc: ServiceHandle, sourceId: string): Promise<TappedEvent[]> {
  const out: TappedEvent[] = [];
  let before = '';
  for (;;) {
    const page = await svc.json(`/v1/sources/${sourceId}/event_summaries?expand=event&limit=100${before ? `&before=${before}` : ''}`);
    for (const e of page.data) out.push({ id: e.id, event: e.event });
    if (page.data.length < 100) break;
    before = page.page_info.end_cursor;
  }
  return out.reverse();
}

/** Compares `<ms>-<seq>` event ids. */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am - bm || as - bs;
}
