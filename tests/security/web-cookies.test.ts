// Issue 14, item 3: the web UI's session cookie must never reach a component, a replayed cookie
// without same-origin proof must be refused, and a component's answer must not set Runnel's
// cookies on the UI host.
import { describe, expect, it } from 'vitest';
import { codeStep, httpSource } from '../fixtures/components';
import { useService, waitFor, type ServiceHandle } from '../helpers/service';

/** Signs in as the browser would: a fresh one-time link traded for the session cookie. */
async function signedInCookie(svc: ServiceHandle): Promise<string> {
  const link = (await svc.json('/v1/session-tokens', { method: 'POST' })).data.url as string;
  const r = await fetch(link, { redirect: 'manual' });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  expect(cookie).toMatch(/^runnel_session=[\w-]+$/);
  return cookie;
}

describe('the session cookie and webhooks', () => {
  const svc = useService();

  it('strips Runnel cookies from webhook requests before a source sees them, keeping the others', async () => {
    const cookie = await signedInCookie(svc);
    const src = await svc.createSource(httpSource(false));
    const endpoint = src.configured_props.http.endpoint_url as string;
    const sent = [
      `theme=dark; ${cookie}; lang=en`,
      cookie,
      `__Host-runnel_session=x; RUNNEL_SESSION=y; __Secure-Runnel_Session=z; keep=1`,
    ];
    for (const c of sent) {
      const r = await fetch(endpoint, { method: 'POST', headers: { cookie: c, 'content-type': 'text/plain' }, body: 'body stays' });
      expect(r.status).toBe(200);
    }
    await waitFor(async () => (await svc.events(src.id)).length === 3);
    const [third, second, first] = (await svc.events(src.id)).map((e) => e.event);
    expect(first.headers.cookie).toBe('theme=dark; lang=en');
    expect('cookie' in second.headers).toBe(false);
    expect(third.headers.cookie).toBe('keep=1');
    for (const e of [first, second, third]) {
      expect(JSON.stringify(e)).not.toContain(cookie.split('=')[1]);
      expect(e.bodyRaw).toBe('body stays');
    }
  });

  it('strips them from workflow HTTP triggers too', async () => {
    const cookie = await signedInCookie(svc);
    const wf = await svc.createWorkflow({ name: 'Hook', trigger: { type: 'http' }, steps: [codeStep('s', 'async run({ steps }) { return steps.trigger.event.headers.cookie ?? null; }')] });
    const r = await fetch(wf.trigger.endpoint_url, { headers: { cookie: `${cookie}; a=b` } });
    expect(r.status).toBe(200);
    let run: any;
    await waitFor(async () => (run = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.find((x: any) => x.status !== 'running')) !== undefined);
    expect(run.trigger.event.headers.cookie).toBe('a=b');
    expect(run.steps[0].$return_value).toBe('a=b');
  });

  it('accepts the cookie only with same-origin proof: no Sec-Fetch-Site and no Origin is a 403', async () => {
    const cookie = await signedInCookie(svc);
    const list = `${svc.url}/v1/users/me/sources`;
    // What a component replaying a stolen cookie sends: the cookie alone.
    const bare = await fetch(list, { headers: { cookie } });
    expect(bare.status).toBe(403);
    const body = await bare.json();
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toMatch(/same-origin|Origin/);
    const before = (await svc.json('/v1/users/me/sources')).page_info.total_count;
    const create = await fetch(`${svc.url}/v1/sources`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ component_code: httpSource(false) }),
    });
    expect(create.status).toBe(403);
    expect((await svc.json('/v1/users/me/sources')).page_info.total_count).toBe(before);
    const foreign = await fetch(list, { headers: { cookie, origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    const otherPort = await fetch(list, { headers: { cookie, origin: `http://127.0.0.1:${svc.port + 1}` } });
    expect(otherPort.status).toBe(403);
    const sse = await fetch(`${svc.url}/sources/dc_none/sse`, { headers: { cookie } });
    expect(sse.status).toBe(403);
    // The web UI's own requests still work, with either proof.
    expect((await fetch(list, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await fetch(list, { headers: { cookie, origin: svc.url } })).status).toBe(200);
    // API-key requests need neither.
    expect((await svc.api('/v1/users/me/sources')).status).toBe(200);
  });

  it('drops a component answer\'s Set-Cookie of a Runnel cookie and says so in the log; other cookies pass', async () => {
    const src = await svc.createSource(
      httpSource(true, 'this.http.respond({ status: 200, headers: { "Set-Cookie": event.query.c }, body: "ok" });'),
    );
    const endpoint = src.configured_props.http.endpoint_url as string;
    for (const c of ['runnel_session=evil; Path=/; HttpOnly', '__Host-Runnel_Session=evil; Path=/; Secure', 'RUNNEL_SESSION=evil']) {
      const r = await fetch(`${endpoint}?c=${encodeURIComponent(c)}`);
      expect(r.status).toBe(200);
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    const other = await fetch(`${endpoint}?c=${encodeURIComponent('theme=dark; Path=/')}`);
    expect(other.headers.getSetCookie()).toEqual(['theme=dark; Path=/']);
    await waitFor(async () => /Set-Cookie/.test(await svc.logText(src.id)));
    expect(await svc.logText(src.id)).toMatch(/\[runnel\] .*dropped.*Set-Cookie.*runnel_session/i);

    const wf = await svc.createWorkflow({
      name: 'Answers',
      trigger: { type: 'http' },
      steps: [codeStep('answer', 'async run({ steps, $ }) { await $.respond({ status: 200, headers: { "set-cookie": steps.trigger.event.query.c }, body: "ok" }); }')],
    });
    const evil = await fetch(`${wf.trigger.endpoint_url}?c=runnel_session%3Devil`);
    expect(evil.status).toBe(200);
    expect(evil.headers.getSetCookie()).toEqual([]);
    const fine = await fetch(`${wf.trigger.endpoint_url}?c=lang%3Den`);
    expect(fine.headers.getSetCookie()).toEqual(['lang=en']);
    let runs: any[] = [];
    await waitFor(async () => (runs = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.filter((x: any) => x.status !== 'running')).length === 2);
    const logs = runs.flatMap((r) => r.steps[0].logs.map((l: { line: string }) => l.line)).join('\n');
    expect(logs).toMatch(/\[runnel\] .*dropped.*Set-Cookie.*runnel_session/i);
  });
});
