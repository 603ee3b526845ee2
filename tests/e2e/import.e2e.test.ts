import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENTS, HOSTED_BASIC } from '../helpers/project-files';
import { useFixtureRegistry } from '../helpers/fixture-registry';
import { useUi } from './helpers/browser';

const options: { env?: Record<string, string> } = {};

describe('the Import screen', () => {
  useFixtureRegistry(options);
  const ui = useUi(options);

  it('previews a picked project folder, takes a schedule, imports, and shows the new endpoint and the accounts to fill', { timeout: 120_000 }, async () => {
    const { page, svc } = ui;
    await ui.goto('/import');
    await page.getByLabel('Components folder').setInputFiles(resolve(COMPONENTS));
    await page.getByLabel('Project folder').setInputFiles(resolve(HOSTED_BASIC));
    await page.getByRole('heading', { name: 'Preview: nothing is changed yet' }).waitFor();
    const table = page.getByRole('table', { name: 'Workflows to import' });
    await table.getByText('Greet visitors').waitFor();
    // A registry action not found locally is fetched from npm at import (the preview does not ask npm).
    await table.getByText(/to be fetched from npm/).first().waitFor();
    await page.getByText(/Without a schedule, Nightly digest will be imported inactive/).waitFor();
    expect((await svc.json('/v1/users/me/workflows')).data).toEqual([]);
    await ui.shot('import-preview');

    await page.getByLabel('Schedule for Nightly digest').fill('every 2h');
    await page.getByRole('button', { name: 'Import 4 workflows' }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    const wfs = (await svc.json('/v1/users/me/workflows?limit=100')).data;
    const greet = wfs.find((w: any) => w.hosted.id === 'p_Gr8tVis1');
    await page.getByText(greet.trigger.endpoint_url).first().waitFor();
    expect(wfs.find((w: any) => w.hosted.id === 'p_N1ghtly7')).toMatchObject({ active: true, trigger: { type: 'timer', interval_seconds: 7200 } });
    await page.getByRole('region', { name: 'Accounts to connect' }).getByText('apn_Gh1tHub9').waitFor();
    await ui.shot('import-done');

    // The Accounts screen lists the slots by app, each saying it still needs credentials.
    await ui.goto('/accounts');
    const rows = page.getByRole('table', { name: 'Accounts' }).getByRole('row');
    await rows.nth(1).getByText('github', { exact: true }).waitFor();
    expect(await rows.nth(1).innerText()).toMatch(/github\s+needs credentials/);
    expect(await rows.nth(2).innerText()).toMatch(/google_sheets\s+needs credentials/);
    // Every column fits the list's pane: a long name is cut short, the Updated column is not.
    const accounts = await page.getByRole('table', { name: 'Accounts' }).boundingBox();
    const pane = await page.getByRole('table', { name: 'Accounts' }).locator('xpath=..').boundingBox();
    const updated = await page.getByRole('columnheader', { name: 'Updated' }).boundingBox();
    expect(updated!.x + updated!.width).toBeLessThanOrEqual(pane!.x + pane!.width + 1);
    expect(accounts!.width).toBeLessThanOrEqual(pane!.width + 1);
    await ui.shot('import-accounts');

    // The workflow itself says what it still needs.
    const legacy = wfs.find((w: any) => w.hosted.id === 'p_L3gacyPy');
    await ui.goto(`/workflows/${legacy.id}`);
    const needs = page.getByRole('list', { name: 'What this workflow needs' });
    await needs.getByText(/Needs a source for trigger sub_Ch4nnel01/).waitFor();
    await needs.getByText(/Needs step "notify" is unresolved: the action nosuchapp-do-thing@1\.2\.0 was not found/).waitFor();
    // The Python step runs (it is no longer unresolved); the registry action not found still is.
    await page.getByText(/fetch_rows → notify \(unresolved\)/).first().waitFor();
    await ui.shot('import-workflow-needs');
  });
});
