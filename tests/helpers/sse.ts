/** A minimal SSE reader over fetch, for tests: collects frames and comments as they arrive. */
export interface SseReader {
  status: number;
  headers: Headers;
  frames: { id?: string; event?: string; data: any }[];
  comments: string[];
  close(): void;
  waitForFrames(n: number, timeoutMs?: number): Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const reader: SseReader = {
    status: res.status,
    headers: res.headers,
    frames: [],
    comments: [],
    close: () => ctrl.abort(),
    async waitForFrames(n, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (reader.frames.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} SSE frames, got ${reader.frames.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  if (!res.ok || !res.body) return reader;
  const decoder = new TextDecoder();
  let buf = '';
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const frame: { id?: string; event?: string; data?: string } = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) reader.comments.push(line);
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = (frame.data ? frame.data + '\n' : '') + line.slice(6);
          }
          if (frame.data !== undefined) reader.frames.push({ ...frame, data: JSON.parse(frame.data) });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return reader;
}
