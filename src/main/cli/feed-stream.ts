import { apiRoutes } from '../../shared/api-routes';
import type { FeedFrame } from '../../shared/resources';
import type { Connection } from './connection';
import { CliError } from './errors';

/** Opens the account stream `GET /v1/stream`; every failure is a one-line CliError. */
export async function connectFeed(conn: Connection, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  // An SSE stream, read as bytes: the typed client answers JSON, so this one is fetched here.
  const { path } = apiRoutes.accountStream;
  let res: Response;
  try {
    res = await fetch(conn.url + path, { headers: { authorization: `Bearer ${conn.apiKey}` }, signal });
  } catch (err) {
    const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
    throw new CliError(`cannot reach Runnel at ${conn.url} (${cause}); is runnel serve running?`);
  }
  if (res.status === 401) throw new CliError(`the API key was refused by ${conn.url} (wrong key for this service; key from ${conn.from})`, 1, 'unauthorized');
  if (!res.ok || !res.body) throw new CliError(`GET ${path}: the service answered ${res.status}`);
  return res.body;
}

/** Reads SSE blocks off the stream until it ends, handing each frame's JSON `data` on. */
export async function readFeedFrames(body: ReadableStream<Uint8Array>, onFrame: (frame: FeedFrame) => void): Promise<void> {
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
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) onFrame(JSON.parse(data) as FeedFrame);
    }
  }
}
