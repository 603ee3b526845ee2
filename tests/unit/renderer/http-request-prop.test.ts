import { describe, expect, it } from 'vitest';
import type { ConfigurableProp } from '../../../src/shared/resources';
import { draftToConfig, parseRequestDraft, requestDraft, type RequestDraft } from '../../../src/renderer/src/features/props/http-request-model';
import { fieldKind, formStateFrom, isRequired, toConfigured } from '../../../src/renderer/src/features/props/prop-form-model';

const REQ: ConfigurableProp = { name: 'req', type: 'http_request' };

const draft = (patch: Partial<RequestDraft>): RequestDraft => ({ ...requestDraft(undefined), ...patch });

describe('request builder: draft ⇄ config', () => {
  it('gets the request input, and is required unless the default names a URL', () => {
    expect(fieldKind(REQ)).toBe('request');
    expect(isRequired(REQ)).toBe(true);
    expect(isRequired({ ...REQ, default: { method: 'POST' } })).toBe(true);
    expect(isRequired({ ...REQ, default: { url: 'https://x.test' } })).toBe(false);
    expect(isRequired({ ...REQ, optional: true })).toBe(false);
  });

  it('starts from the default and reports missing while there is no URL', () => {
    const state = formStateFrom([{ ...REQ, default: { method: 'post' } }], {});
    expect((state.req.raw as RequestDraft).method).toBe('POST');
    expect(toConfigured([REQ], state)).toEqual({ value: {}, errors: {}, missing: ['req'] });
  });

  it('turns a draft into the whole config: blank rows dropped, body none as empty fields, auth by type', () => {
    const d = draft({
      method: 'POST',
      url: ' https://api.test/items ',
      headers: [{ name: 'X-A', value: '1' }, { name: '', value: '' }],
      params: [{ name: 'q', value: '' }],
      bodyMode: 'none',
      fields: [{ name: 'left', value: 'over' }],
      authMode: 'bearer',
      token: 't0k',
      username: 'ignored',
    });
    expect(draftToConfig(d)).toEqual({
      method: 'POST',
      url: 'https://api.test/items',
      headers: [{ name: 'X-A', value: '1' }],
      params: [{ name: 'q', value: '' }],
      body: { type: 'fields', contentType: 'application/json', fields: [] },
      auth: { type: 'bearer', token: 't0k' },
    });
    expect(draftToConfig(draft({ url: 'https://a.test', bodyMode: 'raw', raw: '<x/>', contentType: 'application/xml', authMode: 'basic', username: 'u', password: 'p' }))).toMatchObject({
      body: { type: 'raw', contentType: 'application/xml', raw: '<x/>' },
      auth: { type: 'basic', username: 'u', password: 'p' },
    });
    expect(draftToConfig(draft({ url: 'https://a.test', bodyMode: 'raw' })).body).toEqual({ type: 'raw', contentType: 'text/plain', raw: '' });
  });

  it('reads a stored config back into the same draft (masked secrets included)', () => {
    const stored = {
      method: 'PUT',
      url: 'https://a.test/{{steps.trigger.event.id}}',
      headers: [{ name: 'X-A', value: '1' }],
      params: [],
      body: { type: 'fields', contentType: 'application/x-www-form-urlencoded', fields: [{ name: 'n', value: 3 }], raw: '' },
      auth: { type: 'basic', username: 'ada', password: '********' },
    };
    const d = requestDraft(stored);
    expect(d).toMatchObject({ method: 'PUT', bodyMode: 'fields', fields: [{ name: 'n', value: '3' }], authMode: 'basic', password: '********' });
    expect(parseRequestDraft(d)).toEqual({
      value: { ...stored, body: { type: 'fields', contentType: 'application/x-www-form-urlencoded', fields: [{ name: 'n', value: '3' }] } },
    });
    expect(requestDraft({ url: 'https://a.test', body: { type: 'fields', fields: [] } }).bodyMode).toBe('none');
    expect(requestDraft({ body: { raw: 'x' } }).bodyMode).toBe('raw');
  });

  it('says what is wrong as the service would', () => {
    expect(parseRequestDraft(draft({ url: 'example.com' }))).toEqual({ error: 'Url "example.com" is not an absolute URL (like https://example.com/path)' });
    expect(parseRequestDraft(draft({ url: 'https://a.test', headers: [{ name: '', value: 'orphan' }] }))).toEqual({ error: 'Headers[0] has a value but no name' });
    expect(parseRequestDraft(draft({ url: 'https://a.test', authMode: 'bearer' }))).toEqual({ error: 'Auth.token is empty (bearer auth needs a token)' });
    expect(parseRequestDraft(draft({ url: '{{steps.trigger.event.url}}' }))).toHaveProperty('value');
    expect(parseRequestDraft(draft({ url: '   ' }))).toEqual({ empty: true });
  });
});
