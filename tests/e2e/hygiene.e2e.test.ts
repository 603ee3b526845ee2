import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

describe('page hygiene (issue 18, item 9)', () => {
  const ui = useUi();

  it('the sign-in page calls no authenticated API, so the console stays clean', async () => {
    const fresh = await ui.context.browser()!.newContext();
    const page = await fresh.newPage();
    const seen: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') seen.push(m.text());
    });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    await page.goto(ui.svc.url + '/');
    await page.getByRole('heading', { name: 'This page is not signed in' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'tests/e2e/artifacts/hygiene-1-signed-out.png' });
    await fresh.close();
    expect(refused).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('empty states give complete curl commands: the real URL and the Authorization header', async () => {
    const { page, svc } = ui;
    for (const [route, marker] of [
      ['/data-stores', 'No data stores yet'],
      ['/accounts', 'No connected accounts'],
      ['/subscriptions', 'No subscriptions yet'],
    ] as const) {
      await ui.goto(route);
      await page.getByText(marker).first().waitFor();
      const snippets = await page.locator('code', { hasText: 'curl ' }).allInnerTexts();
      expect(snippets.length, `a curl snippet on ${route}`).toBeGreaterThan(0);
      for (const s of snippets) {
        expect(s, route).toContain(`${svc.url}/v1/`);
        expect(s, route).not.toContain('$RUNNEL');
        expect(s, route).toMatch(/-H "Authorization: Bearer (\$\(cat '[^)]*api-key'\)|\$RUNNEL_API_KEY)"/);
      }
    }
    await ui.shot('hygiene-2-accounts-empty');
  });
});
