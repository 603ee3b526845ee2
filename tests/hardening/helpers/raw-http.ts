import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given (no normalising of `..` or re-encoding). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * One HTTP request over node:http with the path sent as is. An event stream answers with its
 * headers only (the connection is then dropped), so SSE routes can be probed too.
 */
export function rawRequest(baseUrl: string, r: RawRequest, timeoutMs = 15_000): Promise<RawAnswer> {
  const u = new URL(baseUrl);
  // Node frames a DELETE/GET body only when told its length.
  const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, method: r.method, path: r.path, headers }, (res) => {
      const headers = res.headers;
      if (String(headers['content-type'] ?? '').startsWith('text/event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode ?? 0, headers, body: '' });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer to ${r.method} ${r.path.slice(0, 200)} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(r.body);
  });
}

/** Writes raw bytes on a fresh TCP connection and returns whatever comes back until it closes. */
export function rawBytes(baseUrl: string, bytes: string | Buffer, timeoutMs = 5_000): Promise<string> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(u.port), u.hostname);
    const chunks: Buffer[] = [];
    sock.setTimeout(timeoutMs, () => sock.destroy());
    sock.on('data', (c) => chunks.push(c));
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    sock.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    sock.write(bytes);
  });
}
