import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { LIMITS } from '../../shared/limits';

export interface SseFrame {
  id?: string;
  /** The `event:` name; absent for plain messages. */
  event?: string;
  data: unknown;
}

/**
 * A long-lived SSE response. `open` receives a `send` function and returns a cleanup; the
 * stream sends `:sse-handshake` at connect (so headers go out at once) and every 15 s.
 */
export function sseResponse(c: Context, open: (send: (f: SseFrame) => void) => () => void, handshakeMs: number = LIMITS.sseHandshakeMs): Response {
  return streamSSE(c, async (stream: SSEStreamingApi) => {
    // Frames are written in order through one promise chain.
    let chain: Promise<unknown> = stream.write(':sse-handshake\n\n');
    const write = (raw: string) => {
      chain = chain.then(() => (stream.aborted ? undefined : stream.write(raw))).catch(() => undefined);
    };
    const cleanup = open((f) =>
      write(`${f.id !== undefined ? `id: ${f.id}\n` : ''}${f.event ? `event: ${f.event.replace(/[\r\n]/g, ' ')}\n` : ''}data: ${JSON.stringify(f.data)}\n\n`),
    );
    const beat = setInterval(() => write(':sse-handshake\n\n'), handshakeMs);
    await new Promise<void>((resolve) => stream.onAbort(resolve));
    clearInterval(beat);
    cleanup();
  });
}
