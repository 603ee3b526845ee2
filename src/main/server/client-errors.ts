import type { RequestListener, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses before any route sees them (a broken request line, bad
 * headers, conflicting lengths, headers over the size limit) get the same JSON error body as
 * every other refusal, instead of Node's bare "400 Bad Request".
 */
export function answerParserErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request was not received in time']
          : [400, 'Bad Request', `The request is not valid HTTP (${err.code ?? 'parse error'})`];
    const body = JSON.stringify({ error: { code: 'bad_request', message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** A request without a Host header (HTTP/1.0 or 0.9 style) is refused with a JSON 400. */
export function requireHostHeader(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (req.headers.host) return listener(req, res);
    const body = JSON.stringify({ error: { code: 'bad_request', message: 'The request has no Host header' } });
    res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' }).end(body);
  };
}
