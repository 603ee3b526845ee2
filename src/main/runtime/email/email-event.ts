import { parseMessage, type MimePart } from './rfc822';

export interface EmailAddress {
  address: string;
  name: string;
}

/** An address header as the hosted e-mail trigger gives it (mailparser's shape): the list and the text. */
export interface AddressField {
  value: EmailAddress[];
  text: string;
}

/** The event of an e-mail trigger, in the hosted service's shape (the subset docs/migrate.md lists). */
export interface EmailEvent {
  headers: Record<string, string>;
  subject: string | undefined;
  from: AddressField | undefined;
  to: AddressField | undefined;
  cc: AddressField | undefined;
  reply_to: AddressField | undefined;
  date: string | undefined;
  messageId: string | undefined;
  text: string | undefined;
  html: string | undefined;
  attachments: { filename: string | null; contentType: string; size: number; content_base64: string }[];
}

/** The hosted e-mail event of a raw RFC 822 message (what a mail forwarder POSTs to the trigger's URL). */
export function emailEventOf(raw: string): EmailEvent {
  const msg = parseMessage(raw);
  const leaves: MimePart[] = [];
  const walk = (p: MimePart) => (p.parts.length ? p.parts.forEach(walk) : leaves.push(p));
  walk(msg);
  const isAttachment = (p: MimePart) => /^attachment/i.test(p.headers['content-disposition'] ?? '') || !p.contentType.startsWith('text/');
  const text = leaves.find((p) => p.contentType === 'text/plain' && !isAttachment(p))?.body;
  const html = leaves.find((p) => p.contentType === 'text/html' && !isAttachment(p))?.body;
  const h = msg.headers;
  const date = h.date ? new Date(h.date) : undefined;
  return {
    headers: h,
    subject: h.subject,
    from: addresses(h.from),
    to: addresses(h.to),
    cc: addresses(h.cc),
    reply_to: addresses(h['reply-to']),
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined,
    messageId: h['message-id'],
    text,
    html,
    attachments: leaves.filter(isAttachment).map((p) => {
      const disposition = p.headers['content-disposition'] ?? '';
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? p.params.name ?? null;
      return { filename, contentType: p.contentType, size: Buffer.from(p.body, 'base64').length, content_base64: p.body };
    }),
  };
}

/** `Ada <ada@x.org>, bob@y.org` → the list of addresses. */
function addresses(v: string | undefined): AddressField | undefined {
  if (!v) return undefined;
  const value = v
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(.*?)\s*<([^>]+)>$/.exec(s);
      return m ? { name: m[1]!.replace(/^"(.*)"$/, '$1').trim(), address: m[2]!.trim() } : { name: '', address: s };
    });
  return { value, text: v };
}
