import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// A source whose `color` options come in pages of three (by context), and whose `mode` adds a
// `flourish` prop through additionalProps() when it is "fancy".
const PAGER = `export default {
  name: "Pager", key: "e2e-pager", version: "0.1.0",
  props: {
    color: {
      type: "string", label: "Color", description: "Paged async options",
      async options({ page, prevContext }) {
        const p = prevContext && prevContext.nextPageToken ? Number(prevContext.nextPageToken) : page;
        const options = [1, 2, 3].map((i) => ({ label: "Color " + (p * 3 + i), value: "c" + (p * 3 + i) }));
        return { options, context: p < 2 ? { nextPageToken: String(p + 1) } : {} };
      },
    },
    mode: { type: "string", label: "Mode", options: ["plain", "fancy"], reloadProps: true },
  },
  async additionalProps() {
    return this.mode === "fancy" ? { flourish: { type: "integer", label: "Flourish", min: 1, max: 10 } } : {};
  },
  async run() {
    console.log("painting", this.color);
    this.$emit({ color: this.color, mode: this.mode, flourish: this.flourish }, { summary: "color " + this.color });
  },
};`;

describe('the Sources screen', () => {
  const ui = useUi();

  it('deploys a source through the prop form, runs it, pauses it and deletes it', async () => {
    const { page, svc } = ui;
    const component = (await svc.json('/v1/components', { method: 'POST', json: { component_code: PAGER } })).data;

    await ui.goto(`/sources/new?component=${component.id}`);
    await page.getByRole('heading', { name: 'New source' }).waitFor();
    const color = page.getByLabel('Color', { exact: true });
    await color.locator('option', { hasText: 'Color 3' }).waitFor({ state: 'attached' });
    expect(await color.locator('option', { hasText: 'Color 4' }).count()).toBe(0);
    await ui.shot('sources-1-new');

    await page.getByRole('button', { name: 'Load more options for Color' }).click();
    await color.locator('option', { hasText: 'Color 4' }).waitFor({ state: 'attached' });
    await color.selectOption({ label: 'Color 4' });

    expect(await page.getByLabel('Flourish').count()).toBe(0);
    await page.getByLabel('Mode', { exact: true }).selectOption('plain');
    await page.getByLabel('Mode', { exact: true }).selectOption('fancy');
    const flourish = page.getByLabel('Flourish');
    await flourish.waitFor();
    await flourish.fill('11');
    await page.getByText('Must be at most 10').waitFor();
    await ui.shot('sources-2-reloaded-props');
    await flourish.fill('3');
    await page.getByLabel('Name').fill('E2E pager');
    await page.getByRole('button', { name: 'Deploy' }).click();

    const detail = page.getByRole('article', { name: 'Source E2E pager' });
    await detail.waitFor();
    expect(page.url()).toMatch(/#\/sources\/dc_/);
    await detail.getByLabel('Configured props').getByText('c4').waitFor();
    await page.getByRole('table', { name: 'Sources' }).getByText('E2E pager').waitFor();
    await ui.shot('sources-3-detail');

    await detail.getByRole('button', { name: 'Run now' }).click();
    const result = detail.getByRole('region', { name: 'Run result' });
    await result.getByText('run ok').waitFor();
    await result.getByText('1 event emitted').waitFor();
    await detail.getByRole('table', { name: 'Latest events' }).getByText('color c4').waitFor();
    await detail.getByRole('region', { name: 'Logs of E2E pager' }).getByText('painting c4').waitFor();
    await ui.shot('sources-4-run');

    await detail.getByRole('button', { name: 'Edit props' }).click();
    const edit = detail.getByRole('form', { name: 'Edit props' });
    // The saved mode asks additionalProps() again, so the added prop is there to edit.
    await edit.getByLabel('Flourish').fill('4');
    await edit.getByRole('button', { name: 'Save props' }).click();
    await edit.waitFor({ state: 'detached' });
    await detail.getByLabel('Configured props').getByText('4', { exact: true }).waitFor();

    await detail.getByRole('button', { name: 'Deactivate' }).click();
    await detail.getByRole('button', { name: 'Activate' }).waitFor();
    await page.getByRole('table', { name: 'Sources' }).getByText('inactive').waitFor();
    expect((await svc.json(`/v1/sources/${page.url().split('/').pop()}`)).data.active).toBe(false);
    await ui.shot('sources-5-inactive');
    await detail.getByRole('button', { name: 'Activate' }).click();
    await detail.getByRole('button', { name: 'Deactivate' }).waitFor();

    await detail.getByRole('button', { name: 'Delete' }).click();
    const confirm = detail.getByRole('group', { name: /Delete "E2E pager"\? Its events, logs/ });
    await confirm.waitFor();
    await ui.shot('sources-6-confirm-delete');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No sources yet').waitFor();
    expect(page.url()).toMatch(/#\/sources\/?$/);
    expect((await svc.json('/v1/users/me/sources')).data).toEqual([]);
    await ui.shot('sources-7-deleted');
  });

  it('shows a deploy error at the prop it names and keeps the form', async () => {
    const { page, svc } = ui;
    const code = `export default { name: "Needs", key: "e2e-needs", version: "1", props: { url: { type: "string", label: "Feed URL" } },
      hooks: { async activate() { if (!this.url.startsWith("http")) throw Object.assign(new Error("url must start with http"), { name: "ConfigurationError" }); } },
      async run() {} }`;
    await svc.json('/v1/components', { method: 'POST', json: { component_code: code } });
    await ui.goto('/sources/new?component=e2e-needs');
    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByRole('alert').getByText('This prop is required').waitFor();
    await page.getByLabel('Feed URL').fill('ftp://nope');
    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByRole('alert').getByText('url must start with http').first().waitFor();
    await ui.shot('sources-8-deploy-error');
    expect(page.url()).toContain('/sources/new');
  });

  it('lists HTTP sources with their endpoint, filters by status, and opens rows with j and Enter', async () => {
    const { page, svc } = ui;
    const hook = await svc.createSource('export default { name: "Hook", version: "1", props: { http: "$.interface.http" }, async run(e) { this.$emit(e.body, { summary: "hit" }); } }', { name: 'Web hook' });
    const quiet = await svc.createSource('export default { name: "Quiet", version: "1", async run() {} }', { name: 'Quiet one' });
    await svc.json(`/v1/sources/${quiet.id}`, { method: 'PUT', json: { active: false } });
    await fetch(hook.configured_props.http.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    await ui.goto('/sources');
    const table = page.getByRole('table', { name: 'Sources' });
    await table.getByRole('button', { name: 'Copy endpoint of Web hook' }).waitFor();
    await table.getByRole('img', { name: /^[1-9]\d* events in the last hour/ }).waitFor();
    await page.getByRole('button', { name: 'inactive', exact: true }).click();
    await table.getByText('Quiet one').waitFor();
    expect(await table.getByText('Web hook').count()).toBe(0);
    await page.getByRole('button', { name: 'all', exact: true }).click();
    await table.getByText('Web hook').waitFor();
    await page.getByRole('heading', { name: 'Sources' }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('article').waitFor();
    expect(page.url()).toMatch(/#\/sources\/dc_/);
    await ui.shot('sources-9-list');
  });
});
