import { statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSource } from '../fixtures/components';
import { startService, type ServiceHandle } from '../helpers/service';

/** A raw request with a chosen Host header (fetch does not let a caller set Host). */
function rawGet(port: number, path: string, host: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('API key and Host checks', () => {
  let svc: ServiceHandle;
  beforeAll(async () => {
    svc = await startService({ args: ['--allowed-host', 'runnel.test'] });
  });
  afterAll(() => svc.stop());

  it('prints the listening line, then the one-time UI link and where the key is, and keeps the key in a 0600 file', () => {
    const lines = svc.stdout().split('\n');
    expect(lines[0]).toMatch(/^Runnel listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    expect(lines[2]).toContain(join(svc.dataDir, 'api-key'));
    expect(statSync(join(svc.dataDir, 'api-key')).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['/v1/users/me'],
    ['/v1/users/me/sources'],
    ['/v1/sources/dc_nothing'],
    ['/v1/components/sc_nothing'],
    ['/sources/dc_nothing/sse'],
  ])('refuses %s without a key or with a wrong one (401, JSON error)', async (path) => {
    for (const auth of [undefined, 'Bearer wrong-key', 'Basic abc', `Bearer ${svc.apiKey}x`]) {
      const r = await fetch(svc.url + path, { headers: auth ? { authorization: auth } : {} });
      expect(r.status).toBe(401);
      const body = await r.json();
      expect(body.error.code).toBe('unauthorized');
      expect(typeof body.error.message).toBe('string');
    }
  });

  it('says what is wrong with an Authorization header that is not "Bearer <key>"', async () => {
    const message = async (auth?: string) => {
      const r = await fetch(svc.url + '/v1/users/me', { headers: auth === undefined ? {} : { authorization: auth } });
      expect(r.status).toBe(401);
      return (await r.json()).error.message as string;
    };
    expect(await message()).toBe('Missing API key: send "Authorization: Bearer <key>"');
    expect(await message(svc.apiKey)).toBe('Authorization must be "Bearer <key>" (the word Bearer, a space, then the key)');
    expect(await message(`Basic ${svc.apiKey}`)).toBe('Authorization must be "Bearer <key>" (the word Bearer, a space, then the key)');
    expect(await message('Bearer wrong-key')).toBe('Wrong API key');
  });

  it('answers with the right key', async () => {
    const me = await svc.json('/v1/users/me');
    expect(me.data.id).toMatch(/^u_/);
  });

  it('refuses a foreign Host header on REST, SSE and UI routes, accepts its own names', async () => {
    const auth = { authorization: `Bearer ${svc.apiKey}` };
    for (const path of ['/v1/users/me', '/sources/dc_x/sse', '/']) {
      const r = await rawGet(svc.port, path, 'evil.example:80', auth);
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body).error.code).toBe('forbidden_host');
    }
    for (const host of [`127.0.0.1:${svc.port}`, `localhost:${svc.port}`, `[::1]:${svc.port}`, 'runnel.test', `runnel.test:${svc.port}`]) {
      expect((await rawGet(svc.port, '/v1/users/me', host, auth)).status).toBe(200);
    }
  });

  it('lets webhooks through with no key and any Host, and 404s unknown endpoints', async () => {
    const src = await svc.json('/v1/sources', { method: 'POST', json: { component_code: httpSource(false), configured_props: {} } });
    const endpoint = new URL(src.data.configured_props.http.endpoint_url);
    expect(endpoint.pathname).toMatch(/^\/e\/[A-Za-z0-9]{22}$/);
    const r = await rawGet(svc.port, endpoint.pathname, 'some-tunnel.example.com', {}, 'POST');
    expect(r.status).toBe(200);
    const unknown = await rawGet(svc.port, '/e/AAAAAAAAAAAAAAAAAAAAAA', 'some-tunnel.example.com', {}, 'POST');
    expect(unknown.status).toBe(404);
  });

  it('answers unknown routes and malformed JSON with JSON errors', async () => {
    for (const path of ['/v1/nope', '/sources/dc_x/sse/extra']) {
      const r = await svc.api(path);
      expect(r.status, path).toBe(404);
      expect((await r.json()).error.code).toBe('not_found');
    }
    const bad = await svc.api('/v1/sources', { method: 'POST', body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_json');
  });
});

describe('RUNNEL_API_KEY', () => {
  it('is used instead of a generated key', async () => {
    const svc = await startService({ env: { RUNNEL_API_KEY: 'my-fixed-key-123' } });
    try {
      expect(svc.stdout()).toContain('RUNNEL_API_KEY');
      expect((await fetch(svc.url + '/v1/users/me', { headers: { authorization: 'Bearer my-fixed-key-123' } })).status).toBe(200);
    } finally {
      await svc.stop();
    }
  });
});
