/**
 * A small RFC 822 / MIME reader for the e-mail trigger: headers (unfolded, RFC 2047 encoded
 * words decoded), multipart bodies (nested), base64 and quoted-printable, UTF-8 and Latin-1.
 * It covers what mail forwarders send; other charsets are read as UTF-8. No parser of this
 * kind was installed (mailparser is not a dependency), so this is the documented subset.
 */

export interface MimePart {
  headers: Record<string, string>;
  /** Decoded text of a text part; base64 of any other part. */
  body: string;
  contentType: string;
  params: Record<string, string>;
  parts: MimePart[];
}

/** Splits a message into its headers and its (decoded) parts. */
export function parseMessage(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 2);
  const headers = parseHeaders(head);
  const [contentType, params] = headerValue(headers['content-type'] ?? 'text/plain; charset=utf-8');
  const part: MimePart = { headers, body: '', contentType, params, parts: [] };
  if (contentType.startsWith('multipart/') && params.boundary) {
    const marker = `--${params.boundary}`;
    const chunks = body.split(new RegExp(`^${escapeRe(marker)}(?:--)?[ \\t]*$`, 'm'));
    // chunks[0] is the preamble; the last one after the closing marker is the epilogue.
    part.parts = chunks.slice(1, -1).map((c) => parseMessage(c.replace(/^\n/, '').replace(/\n$/, '')));
    return part;
  }
  part.body = decodeBody(body, (headers['content-transfer-encoding'] ?? '7bit').toLowerCase(), contentType.startsWith('text/') ? (params.charset ?? 'utf-8') : null);
  return part;
}

/** Header names lower-cased; repeated headers joined with ", " (as Node does for HTTP). */
function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = decodeWords(line.slice(i + 1).trim());
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** `text/plain; charset="utf-8"` → `['text/plain', {charset: 'utf-8'}]`. */
function headerValue(v: string): [string, Record<string, string>] {
  const [first, ...rest] = v.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf('=');
    if (i > 0) params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return [first!.trim().toLowerCase(), params];
}

/** RFC 2047 `=?utf-8?B?…?=` and `=?utf-8?Q?…?=` words. */
function decodeWords(v: string): string {
  return v.replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, charset: string, enc: string, data: string) => {
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' '));
    return decodeCharset(bytes, charset);
  });
}

function decodeBody(body: string, encoding: string, charset: string | null): string {
  const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? qpBytes(body.replace(/=\n/g, '')) : Buffer.from(body, 'utf8');
  return charset === null ? bytes.toString('base64') : decodeCharset(bytes, charset);
}

function qpBytes(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === '=' ? s.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(s[i]!, 'utf8'));
    }
  }
  return Buffer.from(out);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const c = charset.toLowerCase();
  return c === 'iso-8859-1' || c === 'latin1' || c === 'us-ascii' || c === 'windows-1252' ? bytes.toString('latin1') : bytes.toString('utf8');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
