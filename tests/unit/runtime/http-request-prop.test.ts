import { describe, expect, it } from 'vitest';
import { mergeHttpRequest, normalizeHttpRequest } from '../../../src/shared/http-request';
import { mapRequestSecrets, requestSecrets, sealRequestSecrets } from '../../../src/main/runtime/http-request-secrets';

const ok = (v: unknown) => {
  const r = normalizeHttpRequest(v);
  if (!r.ok) throw new Error(r.problem);
  return r.value;
};

describe('http_request config: merge and normalise', () => {
  it('fills every missing part and stores the method upper-case', () => {
    expect(ok({ method: 'delete', url: 'http://a.test' })).toEqual({
      method: 'DELETE',
      url: 'http://a.test',
      headers: [],
      params: [],
      body: { type: 'fields', contentType: 'application/json', fields: [], raw: '' },
      auth: { type: 'none' },
    });
    expect(ok({ url: 'https://a.test' }).method).toBe('GET');
  });

  it('merges top-level keys over the default, and body and auth one level deep', () => {
    const merged = mergeHttpRequest(
      { method: 'POST', url: 'https://a.test', headers: [{ name: 'A', value: '1' }], body: { contentType: 'text/csv', type: 'raw' }, auth: { type: 'bearer', token: 't' } },
      { headers: [], body: { raw: 'a,b' }, auth: { type: 'none' } },
    );
    expect(ok(merged)).toMatchObject({ method: 'POST', headers: [], body: { type: 'raw', contentType: 'text/csv', raw: 'a,b' }, auth: { type: 'none' } });
    expect(mergeHttpRequest({ url: 'x' }, undefined)).toEqual({ url: 'x' });
  });

  it('defers only the strings holding expressions when asked', () => {
    expect(normalizeHttpRequest({ url: '{{steps.a.url}}' })).toEqual({ ok: false, problem: 'url "{{steps.a.url}}" is not an absolute URL (like https://example.com/path)' });
    expect(normalizeHttpRequest({ url: '{{steps.a.url}}' }, { deferExpressions: true }).ok).toBe(true);
    expect(normalizeHttpRequest({ method: 'nope', url: '{{steps.a.url}}' }, { deferExpressions: true })).toMatchObject({ ok: false });
  });
});

describe('http_request secrets', () => {
  const box = { seal: (s: string) => `sealed:${s}`, isSealed: (s: string) => s.startsWith('sealed:'), mask: '********' };

  it('seals password and token, keeps the previous value for the mask, leaves expressions and empties', () => {
    const value = { url: 'u', auth: { type: 'basic', username: 'ada', password: 'pw' } };
    expect(sealRequestSecrets(value, undefined, box)).toEqual({ url: 'u', auth: { type: 'basic', username: 'ada', password: 'sealed:pw' } });
    const previous = { auth: { password: 'sealed:old' } };
    expect(sealRequestSecrets({ auth: { password: '********' } }, previous, box)).toEqual({ auth: { password: 'sealed:old' } });
    expect(sealRequestSecrets({ auth: { token: '{{steps.a.t}}', password: '' } }, undefined, box)).toEqual({ auth: { token: '{{steps.a.t}}', password: '' } });
    expect(sealRequestSecrets('{{steps.a.req}}', undefined, box)).toBe('{{steps.a.req}}');
  });

  it('maps and lists only the auth secrets', () => {
    const value = { url: 'sealed:not-a-secret-field', auth: { type: 'bearer', token: 'sealed:t' } };
    expect(mapRequestSecrets(value, (s) => (box.isSealed(s) ? '********' : s))).toEqual({ url: 'sealed:not-a-secret-field', auth: { type: 'bearer', token: '********' } });
    expect(requestSecrets(value)).toEqual(['sealed:t']);
    expect(mapRequestSecrets('plain', () => 'x')).toBe('plain');
  });
});
