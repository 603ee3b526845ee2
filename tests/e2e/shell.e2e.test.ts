import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

describe('the web UI shell', () => {
  const ui = useUi();

  it('signs in through the one-time link and shows every section with a live connection', async () => {
    const { page } = ui;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Components', 'Sources', 'Workflows', 'Events', 'Logs', 'Subscriptions', 'Accounts', 'Outbox', 'Settings']) {
      await expect(nav.getByRole('link', { name: label })).toBeTruthy();
      expect(await nav.getByRole('link', { name: label }).count()).toBe(1);
    }
    await nav.getByText('live').waitFor();
    await ui.shot('shell');
  });

  it('follows deep links and the back button', async () => {
    const { page } = ui;
    await ui.goto('/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(page.url()).toContain('#/settings');
  });

  it('tells a page without a session how to sign in', async () => {
    const fresh = await ui.context.browser()!.newContext();
    const page = await fresh.newPage();
    await page.goto(ui.svc.url + '/');
    await page.getByRole('heading', { name: 'This page is not signed in' }).waitFor();
    expect(await page.getByText('runnel open').count()).toBeGreaterThan(0);
    await fresh.close();
  });
});
