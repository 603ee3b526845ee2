// The webhook ingress reads a plain path without the URL parser (the hot path): what it gives
// must be exactly what the parser gives, for every request target.
import { describe, expect, it } from 'vitest';
import { webhookUrl } from '../../../src/main/server/webhooks';

const targets = [
  '/e/AbC_12-xyz',
  '/e/AbC_12-xyz/',
  '/e/tok/orders/42',
  '/e/tok//double',
  '/e/tok/a/../b',
  '/e/tok/./c',
  '/e/tok?x=1&x=2',
  '/e/tok/caf%C3%A9',
  '/e/tok/café',
  '/e/tok/sp ace',
  '/e/tok#frag',
  '/e/tok/%2e%2e/x',
  '/e/',
];
const bases = ['http://127.0.0.1:4620', 'http://localhost:80', 'https://Example.COM:443/prefix', 'http://[::1]:9000'];

describe('webhook URLs', () => {
  it('are what new URL(target, base) gives, for plain and other paths', () => {
    for (const base of bases) {
      for (const raw of targets) {
        const parsed = new URL(raw, base);
        expect(webhookUrl(raw, base), `${raw} on ${base}`).toEqual({ href: parsed.toString(), pathname: parsed.pathname });
      }
    }
  });
});
