import { statSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesContaining, startService } from '../helpers/service';

/** What a browser would send from the Runnel page itself. */
const fromPage = (url: string, cookie: string) => ({ cookie, origin: url, 'sec-fetch-site': 'same-origin' });

describe('a browser session across a restart', () => {
  it('stays signed in after the service restarts, and keeps only a hash of the session on disk (mode 0600)', async () => {
    const first = await startService();
    let cookie: string;
    try {
      const link = /^Open (\S+)$/m.exec(first.stdout())![1];
      const r = await fetch(link, { redirect: 'manual' });
      const setCookie = r.headers.get('set-cookie') ?? '';
      // The cookie carries the expiry too, so the browser keeps it across its own restart.
      expect(setCookie).toMatch(/Max-Age=\d+/i);
      cookie = setCookie.split(';')[0];
      expect((await fetch(`${first.url}/v1/users/me`, { headers: fromPage(first.url, cookie) })).status).toBe(200);
    } finally {
      await first.stop();
    }
    const secret = cookie.split('=')[1];

    expect(filesContaining(first.dataDir, secret)).toEqual([]);
    const file = join(first.dataDir, 'sessions.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(secret);

    const second = await startService({ dataDir: first.dataDir, port: first.port });
    try {
      expect((await fetch(`${second.url}/v1/users/me`, { headers: fromPage(second.url, cookie) })).status).toBe(200);
      expect((await fetch(`${second.url}/v1/users/me`, { headers: fromPage(second.url, 'runnel_session=forged') })).status).toBe(401);
    } finally {
      await second.stop();
    }
    expect(readdirSync(first.dataDir)).toContain('sessions.json');
  });
});
