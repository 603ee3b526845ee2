import type { FeedFrame } from '../../../shared/resources';
import type { Connection } from '../connection';
import { connectFeed, readFeedFrames } from '../feed-stream';

/** The account stream `GET /v1/stream`, read with fetch; reconnects until closed. */
export class FeedClient {
  private ctrl = new AbortController();
  private closed = false;

  constructor(
    private readonly conn: Connection,
    private readonly onFrame: (frame: FeedFrame) => void,
    /** Told when the stream dropped and when it is back (the service restarted, say). */
    private readonly onStatus: (status: 'lost' | 'back') => void = () => {},
  ) {}

  /** Resolves once the stream is open, so nothing that happens afterwards is missed. */
  async open(): Promise<void> {
    const body = await this.connect();
    void this.pump(body);
  }

  close(): void {
    this.closed = true;
    this.ctrl.abort();
  }

  private connect(): Promise<ReadableStream<Uint8Array>> {
    return connectFeed(this.conn, this.ctrl.signal);
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    while (!this.closed) {
      await this.read(body).catch(() => undefined);
      if (this.closed) return;
      this.onStatus('lost');
      const next = await this.reconnect();
      if (!next) return;
      this.onStatus('back');
      body = next;
    }
  }

  /** Tries again with growing pauses (250 ms up to 5 s) until connected or closed. */
  private async reconnect(): Promise<ReadableStream<Uint8Array> | undefined> {
    for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
      await new Promise((r) => setTimeout(r, delay).unref());
      if (this.closed) return undefined;
      try {
        return await this.connect();
      } catch {
        /* still down */
      }
    }
  }

  private read(body: ReadableStream<Uint8Array>): Promise<void> {
    return readFeedFrames(body, this.onFrame);
  }
}
