import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addCsp, metaCsp, UI_CSP, WEBHOOK_CSP, withCsp } from '../../src/main/app/csp';
import { staticUi } from '../../src/main/server/static-ui';
import { tempDir } from '../helpers/temp-dir';

/** The content of the CSP <meta> in an HTML file, or undefined. */
function metaPolicy(file: string): string | undefined {
  return /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(readFileSync(file, 'utf8'))?.[1];
}

describe('the UI content security policy', () => {
  it('is the one the service sends with the UI', async () => {
    const dir = tempDir('runnel-csp-');
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const app = new Hono().get('*', staticUi(dir));
    const res = await app.request('http://127.0.0.1/sources/dc_abc');
    expect(res.headers.get('content-security-policy')).toBe(UI_CSP);
  });

  it('is in index.html as a <meta>, without the header-only directives', () => {
    expect(metaPolicy('src/renderer/index.html')).toBe(metaCsp(UI_CSP));
    expect(metaCsp(UI_CSP)).not.toMatch(/frame-ancestors/);
    expect(metaCsp(UI_CSP)).toMatch(/script-src 'self'(;|$)/);
  });

  it('survives the build into out/renderer/index.html', () => {
    expect(existsSync('out/renderer/index.html'), 'built by npm run build').toBe(true);
    expect(metaPolicy('out/renderer/index.html')).toBe(metaCsp(UI_CSP));
  });

  it('allows no inline or eval script, no plugin, no <base> and no foreign origin', () => {
    expect(UI_CSP).toMatch(/default-src 'self'/);
    expect(UI_CSP).toMatch(/object-src 'none'/);
    expect(UI_CSP).toMatch(/base-uri 'none'/);
    expect(UI_CSP).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(UI_CSP).not.toMatch(/\*|https?:/);
  });
});

describe('metaCsp', () => {
  it('drops frame-ancestors, report-uri and sandbox and keeps the rest in order', () => {
    expect(metaCsp("default-src 'none'; frame-ancestors 'none'; report-uri /r ; sandbox; img-src data:")).toBe("default-src 'none'; img-src data:");
  });
});

describe('withCsp', () => {
  it('adds the policy to a response that has none', () => {
    expect(withCsp({ 'Content-Type': ['text/html'] }, UI_CSP)).toEqual({ 'Content-Type': ['text/html'], 'content-security-policy': [UI_CSP] });
    expect(withCsp(undefined, UI_CSP)).toEqual({ 'content-security-policy': [UI_CSP] });
  });

  it('keeps a policy the response already has, whatever the header case', () => {
    expect(withCsp({ 'content-security-policy': ["default-src 'none'"], etag: 'x' }, UI_CSP)).toEqual({
      'content-security-policy': ["default-src 'none'"],
      etag: ['x'],
    });
  });
});

describe('addCsp', () => {
  it('enforces a policy on top of the one a response carries (a browser applies both)', () => {
    expect(addCsp({ 'Content-Security-Policy': ["script-src 'unsafe-inline'"] }, WEBHOOK_CSP)).toEqual({
      'Content-Security-Policy': ["script-src 'unsafe-inline'", WEBHOOK_CSP],
    });
    expect(addCsp({ 'content-type': 'text/html' }, WEBHOOK_CSP)).toEqual({ 'content-type': ['text/html'], 'content-security-policy': [WEBHOOK_CSP] });
  });

  it('sandboxes webhook responses', () => {
    expect(WEBHOOK_CSP.split(';').map((d) => d.trim())).toContain('sandbox');
  });
});
