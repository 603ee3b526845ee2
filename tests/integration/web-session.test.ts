import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServiceHandle, useService } from '../helpers/service';

/** What a browser would send from the Runnel page itself. */
const fromPage = (svc: ServiceHandle, cookie: string) => ({ cookie, origin: svc.url, 'sec-fetch-site': 'same-origin' });

describe('the web UI credential', () => {
  const svc = useService();

  const signIn = async (link: string) => {
    const r = await fetch(link, { redirect: 'manual' });
    return { status: r.status, location: r.headers.get('location'), setCookie: r.headers.get('set-cookie') ?? '' };
  };

  it('trades the one-time link for an HttpOnly, SameSite=Strict cookie and drops the token', async () => {
    const link = /^Open (\S+)$/m.exec(svc.stdout())![1];
    const first = await signIn(link);
    expect(first.status).toBe(303);
    expect(first.location).toBe('/');
    expect(first.setCookie).toMatch(/^runnel_session=[\w-]+;/);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Strict/i);
    const again = await signIn(link);
    expect(again.status).toBe(401);
    expect(again.setCookie).toBe('');
  });

  it('accepts the cookie only on same-origin requests, and never sends CORS headers', async () => {
    const { setCookie } = await signIn((await svc.json('/v1/session-tokens', { method: 'POST' })).data.url);
    const cookie = setCookie.split(';')[0];
    const me = await fetch(`${svc.url}/v1/users/me`, { headers: fromPage(svc, cookie) });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
    // A real session without same-origin proof is forbidden (403); a forged one is no credential (401).
    for (const [headers, status] of [
      [{ ...fromPage(svc, cookie), origin: 'http://evil.example' }, 403],
      [{ ...fromPage(svc, cookie), 'sec-fetch-site': 'cross-site' }, 403],
      [{ ...fromPage(svc, cookie), 'sec-fetch-site': 'same-site' }, 403],
      [{ cookie: 'runnel_session=forged', origin: svc.url, 'sec-fetch-site': 'same-origin' }, 401],
    ] as const) {
      const r = await fetch(`${svc.url}/v1/users/me`, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(status);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
    }
    const sse = await fetch(`${svc.url}/sources/dc_none/sse`, { headers: fromPage(svc, cookie) });
    expect(sse.status).toBe(404); // authorised, the source just does not exist
  });

  it('runnel open prints a fresh link that works, and says clearly when it cannot', async () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ code: number; out: string; err: string }>((res) =>
        execFile(process.execPath, [resolve('bin/runnel.js'), 'open', ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (e, out, err) =>
          res({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
        ),
      );
    const ok = await run(['--url', svc.url, '--data-dir', svc.dataDir]);
    expect(ok.code).toBe(0);
    const link = /^Open (\S+)$/m.exec(ok.out)![1];
    expect((await signIn(link)).status).toBe(303);
    const wrong = await run(['--url', svc.url, '--api-key', 'nope']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toMatch(/^runnel open: the API key was refused/);
    const down = await run(['--url', 'http://127.0.0.1:9', '--api-key', 'x']);
    expect(down.err).toMatch(/cannot reach Runnel at http:\/\/127\.0\.0\.1:9/);
  });
});
