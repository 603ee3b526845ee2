// The e-mail trigger's reading of a raw RFC 822 message into the hosted e-mail event.
import { describe, expect, it } from 'vitest';
import { emailEventOf } from '../../../src/main/runtime/email/email-event';

const MULTIPART = [
  'From: "Lovelace, Ada" <ada@example.org>',
  'To: a@example.org, "Bob B" <b@example.org>',
  'Cc: c@example.org',
  'Subject: =?ISO-8859-1?Q?R=E9sum=E9?= and',
  ' =?utf-8?B?8J+Ogg==?=',
  'Date: Tue, 24 Nov 2026 10:00:00 +0100',
  'Content-Type: multipart/mixed; boundary="outer"',
  '',
  'preamble',
  '--outer',
  'Content-Type: multipart/alternative; boundary=inner',
  '',
  '--inner',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Caf=C3=A9 at no=',
  'on',
  '--inner',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Café at noon</p>',
  '--inner--',
  '--outer',
  'Content-Type: application/pdf; name="a.pdf"',
  'Content-Disposition: attachment; filename="report.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  'JVBERi0x',
  '--outer--',
  '',
].join('\r\n');

describe('the e-mail event of a raw message', () => {
  it('reads addresses, encoded and folded headers, the text and html alternatives and attachments', () => {
    const e = emailEventOf(MULTIPART);
    expect(e.subject).toBe('Résumé and 🎂');
    expect(e.from).toEqual({ value: [{ name: 'Lovelace, Ada', address: 'ada@example.org' }], text: '"Lovelace, Ada" <ada@example.org>' });
    expect(e.to!.value).toEqual([
      { name: '', address: 'a@example.org' },
      { name: 'Bob B', address: 'b@example.org' },
    ]);
    expect(e.cc!.value[0]!.address).toBe('c@example.org');
    expect(e.date).toBe('2026-11-24T09:00:00.000Z');
    expect(e.text).toBe('Café at noon');
    expect(e.html).toBe('<p>Café at noon</p>');
    expect(e.attachments).toEqual([{ filename: 'report.pdf', contentType: 'application/pdf', size: 6, content_base64: 'JVBERi0x' }]);
  });

  it('takes a bare message with LF line ends and no Content-Type as UTF-8 text', () => {
    const e = emailEventOf('Subject: hi\nFrom: x@y.z\n\nbody ü\n');
    expect(e).toMatchObject({ subject: 'hi', text: 'body ü\n', html: undefined, attachments: [], from: { value: [{ address: 'x@y.z', name: '' }] } });
  });
});
