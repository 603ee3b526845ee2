import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, isTrustedSender } from '../../src/main/app/ipc-guard';

const origin = 'http://127.0.0.1:43117';

describe('isTrustedSender', () => {
  it('trusts the service UI page, whatever its query or hash route', () => {
    expect(isTrustedSender('http://127.0.0.1:43117/', origin)).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:43117/?token=x#/sources/dc_abc', origin)).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:43117/index.html#/workflows', `${origin}/`)).toBe(true);
  });

  it('refuses pages of the same origin that are not the UI: webhook answers, the API', () => {
    expect(isTrustedSender('http://127.0.0.1:43117/e/AbCdEfGhIjKlMnOpQrStUv', origin)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:43117/e/AbCdEfGhIjKlMnOpQrStUv/index.html', origin)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:43117/v1/system', origin)).toBe(false);
  });

  it('refuses another port, host or scheme', () => {
    expect(isTrustedSender('http://127.0.0.1:43118/', origin)).toBe(false);
    expect(isTrustedSender('http://localhost:43117/', origin)).toBe(false);
    expect(isTrustedSender('https://127.0.0.1:43117/', origin)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:43117.evil.test/', origin)).toBe(false);
    expect(isTrustedSender('http://evil.test/?http://127.0.0.1:43117/', origin)).toBe(false);
  });

  it('refuses frames without a real origin', () => {
    for (const url of [undefined, '', 'about:blank', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(isTrustedSender(url, origin), String(url)).toBe(false);
    }
  });

  it('trusts nothing when the expected origin is itself unusable', () => {
    expect(isTrustedSender('about:blank', 'about:blank')).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:43117/', '')).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it('lets http(s) links through', () => {
    expect(isSafeExternalUrl('https://pipedream.com/docs/components')).toBe(true);
    expect(isSafeExternalUrl('http://example.com:8080/a?b=c#d')).toBe(true);
  });

  it('refuses every other scheme, credentials, non-strings and oversized URLs', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-msdt:/id', 'data:text/html,x', 'mailto:a@b.c', 'https://user:pw@example.com/', 'https://', '//example.com', 42, null, undefined, { href: 'https://x' }, `https://example.com/${'a'.repeat(2100)}`]) {
      expect(isSafeExternalUrl(url), String(url)).toBe(false);
    }
  });
});
