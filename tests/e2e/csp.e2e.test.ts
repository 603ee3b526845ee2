import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

describe("the web UI's Content-Security-Policy", () => {
  const ui = useUi();

  it('blocks inline script, inline event handlers and foreign script sources, and allows no eval', async () => {
    const { page } = ui;
    const violations = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
      const w = window as unknown as Record<string, unknown>;
      const inline = document.createElement('script');
      inline.textContent = 'window.__inline = 1';
      document.body.append(inline);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = 1');
      img.src = 'data:,x';
      document.body.append(img);
      const foreign = document.createElement('script');
      foreign.src = 'http://evil.example/x.js';
      document.body.append(foreign);
      await new Promise((r) => setTimeout(r, 300));
      return { seen, inline: w.__inline, handler: w.__handler };
    });
    expect(violations.inline).toBeUndefined();
    expect(violations.handler).toBeUndefined();
    // eval is refused too: the policy has no 'unsafe-eval' (DevTools' own evaluate is exempt, so read the header).
    const policy = (await page.request.get(ui.svc.url + '/')).headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).toBe(" script-src 'self'");
    expect(violations.seen.filter((d) => d.startsWith('script-src')).length).toBeGreaterThanOrEqual(3);
    // Chromium reports each refusal on the console; those are what this test provokes.
    const provoked = ui.consoleErrors.filter((m) => /Content Security Policy/.test(m));
    expect(provoked.length).toBeGreaterThanOrEqual(1);
    ui.consoleErrors.splice(0, ui.consoleErrors.length, ...ui.consoleErrors.filter((m) => !/Content Security Policy/.test(m)));
  });
});
