import type { FeedFrame } from '../../../shared/resources';
import type { Connection } from '../connection';
import { CliError } from '../errors';

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

  private async connect(): Promise<ReadableStream<Uint8Array>> {
    let res: Response;
    try {
      res = await fetch(`${this.conn.url}/v1/stream`, { headers: { authorization: `Bearer ${this.conn.apiKey}` }, signal: this.ctrl.signal });
    } catch (err) {
      const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
      throw new CliError(`cannot reach Runnel at ${this.conn.url} (${cause}); is runnel serve running?`);
    }
    if (res.status === 401) throw new CliError(`the API key was refused by ${this.conn.url} (wrong key for this service; key from ${this.conn.from})`, 1, 'unauthorized');
    if (!res.ok || !res.body) throw new CliError(`GET /v1/stream: the service answered ${res.status}`);
    return res.body;
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

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) !== -1) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) this.onFrame(JSON.parse(data) as FeedFrame);
      }
    }
  }
}
