import type { FeedFrame } from '../../shared/resources';
import type { RunnelClient } from './client';
import { CliError } from './errors';
import { connectFeed, readFeedFrames } from './feed-stream';

/** One reader of the account stream: every frame from when it was made, in order. */
export interface FeedReader extends AsyncIterable<FeedFrame> {
  close(): void;
}

/** An open account stream (`GET /v1/stream`), read by one or more readers. */
export interface Feed {
  /** The reader made at open: it holds every frame since the stream was opened. */
  readonly main: FeedReader;
  /** Another reader, from now on. */
  reader(): FeedReader;
  close(): void;
}

/**
 * Opens the account stream, which carries every emit, log line, run and package fetch of the
 * account on one connection: what `deploy`, `events -f` and `logs -f` follow.
 */
export async function openFeed(client: RunnelClient): Promise<Feed> {
  const ctrl = new AbortController();
  const body = await connectFeed(client.conn, ctrl.signal);

  const readers = new Set<Queue>();
  let ended: Error | null | undefined; // undefined: open; null: closed by us; Error: lost
  const finish = (why: Error | null) => {
    if (ended !== undefined) return;
    ended = why;
    for (const r of readers) r.wake();
  };
  const makeReader = (): FeedReader => {
    const q = new Queue(() => ended);
    readers.add(q);
    return { [Symbol.asyncIterator]: () => q.iterate(), close: () => {
        readers.delete(q);
        q.close();
      },
    };
  };
  const main = makeReader();

  void readFeedFrames(body, (frame) => {
    for (const r of readers) r.push(frame);
  }).then(
    () => finish(ctrl.signal.aborted ? null : new CliError(`the service at ${client.conn.url} closed the event stream`)),
    (err: Error) => finish(ctrl.signal.aborted ? null : new CliError(`lost the event stream of ${client.conn.url}: ${err.message}`)),
  );

  return {
    main,
    reader: makeReader,
    close() {
      ctrl.abort();
      finish(null);
    },
  };
}

class Queue {
  private items: FeedFrame[] = [];
  private waiting: (() => void) | undefined;
  private closed = false;
  constructor(private readonly ended: () => Error | null | undefined) {}

  push(f: FeedFrame): void {
    this.items.push(f);
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  wake(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.();
  }

  async *iterate(): AsyncGenerator<FeedFrame> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift()!;
        continue;
      }
      const end = this.ended();
      if (end) throw end;
      if (end === null || this.closed) return;
      await new Promise<void>((r) => (this.waiting = r));
    }
  }
}

/** Event ids are `<ms>-<seq>`: true when `a` comes after `b`. */
export function eventIdAfter(a: string, b: string | undefined): boolean {
  if (!b) return true;
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am > bm || (am === bm && as > bs);
}
