import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const ECHO_AUTH = `export default { name: "Auth echo", version: "0.0.1", props: { github: { type: "app", app: "github" } }, async run() { this.$emit(this.github.$auth); } }`;

describe('the Settings and Accounts screens', () => {
  const ui = useUi();

  it('shows where the service runs, saves settings and shows a 400 at the field', async () => {
    const { page, svc } = ui;
    await ui.goto('/settings');
    const system = page.getByRole('definition').filter({ hasText: svc.dataDir });
    await system.first().waitFor();
    await page.getByText(join(svc.dataDir, 'api-key')).first().waitFor();

    const form = page.getByRole('form', { name: 'Settings' });
    const retention = form.getByLabel('Event retention');
    await expect.poll(() => retention.inputValue()).toBe('100');
    await retention.fill('0');
    await form.getByRole('button', { name: 'Save settings' }).click();
    const fieldError = page.locator('#set-event_retention-error');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toMatch(/too small/i);
    expect(await retention.getAttribute('aria-invalid')).toBe('true');
    await ui.shot('settings-field-error');

    await form.getByLabel('Event retention').fill('50');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await svc.json('/v1/settings')).data.event_retention).toBe(50);
    expect(await fieldError.count()).toBe(0);
  });

  it('sets and removes environment variables; a secret value is never shown again; a bad name is said', async () => {
    const { page, svc } = ui;
    await ui.goto('/settings');
    const form = page.getByRole('form', { name: 'Set an environment variable' });
    await form.getByLabel('Variable name').fill('API_TOKEN');
    await form.getByLabel('Variable value').fill('tok-very-secret');
    expect(await form.getByLabel('Variable value').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Set variable' }).click();
    const table = page.getByRole('table', { name: 'Environment variables' });
    await table.getByText('API_TOKEN').waitFor();
    expect(await table.textContent()).not.toContain('tok-very-secret');
    await form.getByLabel('Variable name').fill('REGION');
    await form.getByLabel('Variable value').fill('eu-west');
    await form.getByLabel('Secret').uncheck();
    await form.getByRole('button', { name: 'Set variable' }).click();
    await table.getByText('eu-west').waitFor();
    expect((await svc.json('/v1/env')).data.map((v: { name: string }) => v.name)).toEqual(['API_TOKEN', 'REGION']);
    await form.getByLabel('Variable name').fill('9LIVES');
    await form.getByLabel('Variable value').fill('x');
    await form.getByRole('button', { name: 'Set variable' }).click();
    await page.getByText(/environment variable name/).first().waitFor();
    await ui.shot('settings-env-vars');
    await table.getByRole('button', { name: 'Remove REGION' }).click();
    await expect.poll(async () => (await svc.json('/v1/env')).data.length).toBe(1);
    await expect.poll(() => table.getByText('eu-west').count()).toBe(0);
  });

  it('creates, edits (one value, the other kept) and deletes an account; a 409 names who uses it', async () => {
    const { page, svc } = ui;
    await ui.goto('/accounts');
    await page.getByText('No connected accounts').waitFor();
    await page.getByRole('link', { name: 'New account' }).click();
    const create = page.getByRole('form', { name: 'New account' });
    await create.getByLabel('App').fill('github');
    await create.getByLabel('Name').fill('Work');
    await create.getByLabel('Key 1').fill('token');
    await create.getByLabel('Value of token').fill('first-token');
    expect(await create.getByLabel('Value of token').getAttribute('type')).toBe('password');
    await create.getByRole('button', { name: 'Add field' }).click();
    await create.getByLabel('Key 2').fill('org');
    await create.getByLabel('Value of org').fill('acme');
    await create.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'github · Work' }).waitFor();
    const account = (await svc.json('/v1/accounts')).data[0];
    expect(account).toMatchObject({ app: 'github', name: 'Work', auth: { token: '********', org: '********' } });
    expect(page.url()).toContain(`#/accounts/${account.id}`);
    await page.getByRole('table', { name: 'Accounts' }).getByText('Work').waitFor();

    // Edit: a new name and a new token; org is left alone and must be kept.
    const edit = page.getByRole('form', { name: 'Edit account' });
    expect(await edit.getByLabel('Value of org').inputValue()).toBe('');
    await edit.getByLabel('Name').fill('Work 2');
    await edit.getByLabel('Value of token').fill('second-token');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'github · Work 2' }).waitFor();
    await edit.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await edit.getByLabel('Value of token').inputValue()).toBe('');
    const src = await svc.createSource(ECHO_AUTH, { configured_props: { github: { account_id: account.id } } });
    expect((await svc.runSource(src.id)).emitted[0].event).toEqual({ token: 'second-token', org: 'acme' });
    await ui.shot('accounts-edit');

    // In use: the 409 is shown where Delete was clicked.
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Its credentials are lost for good').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').filter({ hasText: src.id }).waitFor();
    await ui.shot('accounts-delete-conflict');

    await svc.json(`/v1/sources/${src.id}`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No connected accounts').waitFor();
    expect((await svc.json('/v1/accounts')).data).toEqual([]);
  });

  it('rotates the API key after asking; the old key then gets 401', async () => {
    const { page, svc } = ui;
    const oldKey = svc.apiKey;
    await ui.goto('/settings');
    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await page.getByText('Scripts and the CLI using the old key get 401').waitFor();
    await ui.shot('settings-rotate-confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'Rotated' }).waitFor();

    expect((await svc.api('/v1/users/me')).status).toBe(401);
    const newKey = readFileSync(join(svc.dataDir, 'api-key'), 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    expect(await page.content()).not.toContain(newKey);
    svc.apiKey = newKey;
    expect((await svc.api('/v1/users/me')).status).toBe(200);
    // The page keeps its session.
    await page.getByRole('heading', { name: 'Packages' }).waitFor();
    await page.getByRole('button', { name: 'Refresh packages' }).click();
    await page.getByRole('status').filter({ hasText: /refresh/i }).waitFor();
    await ui.shot('settings');
  });
});
