import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useUi } from './helpers/browser';

// A source that writes one record per run into the store its `store` prop names.
const WRITER = `export default {
  name: "Store writer", key: "e2e-store-writer", version: "0.1.0",
  props: { store: { type: "data_store", label: "Store", description: "Where runs are counted" } },
  async run() {
    const n = ((await this.store.get("runs")) ?? 0) + 1;
    await this.store.set("runs", n);
    await this.store.set("run-" + n, { n, at: "now" }, { ttl: 90 });
    this.$emit({ n });
  },
};`;

/** Replaces the JSON editor's text the way a paste would (typing would meet auto-closed brackets). */
async function setJson(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Value (JSON)' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await expect.poll(() => editor.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ''))).toBe(text.replace(/\s+/g, ''));
}

describe('the Data stores screen', () => {
  const ui = useUi();

  it('creates a store, adds and edits records in a JSON editor with a TTL, and follows component writes live', async () => {
    const { page, svc } = ui;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Data stores' }).click();
    await page.getByText('No data stores yet').waitFor();
    await ui.shot('data-stores-1-empty');

    await page.getByRole('link', { name: 'New data store' }).click();
    await page.getByLabel('Name').fill('customers');
    await page.getByRole('button', { name: 'Create data store' }).click();
    await page.getByRole('heading', { name: 'customers' }).waitFor();
    expect(page.url()).toMatch(/#\/data-stores\/ds_[A-Za-z0-9]+$/);
    const storeId = /ds_[A-Za-z0-9]+/.exec(page.url())![0];
    await page.getByText('No records in this store').waitFor();

    // A name already taken is refused where the user typed it.
    await ui.goto('/data-stores/new');
    await page.getByLabel('Name').fill('Customers');
    await page.getByRole('button', { name: 'Create data store' }).click();
    await page.getByRole('alert').getByText(/A data store named "customers" already exists/).waitFor();

    await ui.goto(`/data-stores/${storeId}`);
    await page.getByRole('link', { name: 'Add record' }).click();
    const form = page.getByRole('form', { name: 'New record' });
    await form.getByLabel('Key').fill('greeting/en');
    await setJson(page, '{"hello": "world",}');
    await form.getByRole('button', { name: 'Add record' }).click();
    await form.getByRole('note', { name: 'Error on line 1' }).getByText(/Not valid JSON/).waitFor();
    await ui.shot('data-stores-2-invalid-json');
    await setJson(page, '{"hello": "world", "n": [1, 2]}');
    await form.getByLabel('Seconds until the record expires').fill('3600');
    await form.getByRole('button', { name: 'Add record' }).click();

    const editor = page.getByRole('form', { name: 'Record greeting/en' });
    await editor.waitFor();
    expect(decodeURIComponent(page.url())).toContain(`#/data-stores/${storeId}/records/greeting~2Fen`);
    const records = page.getByRole('table', { name: 'Records' });
    const row = records.getByRole('row').filter({ hasText: 'greeting/en' });
    await row.getByText('{"hello":"world","n":[1,2]}').waitFor();
    await row.getByText(/in (60 min|1 h)/).waitFor();
    const saved = await svc.json(`/v1/data_stores/${storeId}/records/${encodeURIComponent('greeting/en')}`);
    expect(saved.data).toMatchObject({ value: { hello: 'world', n: [1, 2] }, ttl: 3600 });

    // Edit: a new value, the expiry removed.
    await setJson(page, '"bonjour"');
    await editor.getByLabel('Never expires').check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('status').getByText('Saved').waitFor();
    await row.getByText('"bonjour"').waitFor();
    await row.getByText('never').waitFor();

    // A component writing to the store shows up without a reload.
    const source = (await svc.json('/v1/sources', { method: 'POST', json: { component_code: WRITER, configured_props: { store: { data_store_id: storeId } } } })).data;
    await svc.runSource(source.id);
    await svc.runSource(source.id);
    await records.getByRole('row').filter({ hasText: 'run-2' }).getByText(/in (9\d|8\d) s/).waitFor();
    await records.getByRole('row').filter({ hasText: /^runs/ }).getByText('2', { exact: true }).waitFor();
    await page.getByText('Store writer').waitFor();
    await ui.shot('data-stores-3-records');

    // Deep link to one record, then delete it (asks first).
    await ui.goto(`/data-stores/${storeId}/records/run-1`);
    const run1 = page.getByRole('form', { name: 'Record run-1' });
    await run1.getByText('Keep the current expiry').waitFor();
    await ui.shot('data-stores-4-record');
    await run1.getByRole('button', { name: 'Delete record' }).click();
    await page.getByRole('group', { name: /Delete the record “run-1”/ }).getByRole('button', { name: 'Confirm' }).click();
    await records.getByRole('row').filter({ hasText: 'run-1' }).waitFor({ state: 'detached' });
    expect(await svc.api(`/v1/data_stores/${storeId}/records/run-1`).then((r) => r.status)).toBe(404);

    // The store cannot be deleted while the source uses it; afterwards it can.
    expect(await page.getByRole('button', { name: 'Delete data store' }).isDisabled()).toBe(true);
    await svc.json(`/v1/sources/${source.id}`, { method: 'DELETE' });
    await expect.poll(() => page.getByRole('button', { name: 'Delete data store' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Delete data store' }).click();
    await page.getByRole('group', { name: /Delete “customers” and its 3 records/ }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No data stores yet').waitFor();
  });

  it('configures a data_store prop with a store picker that can create a store inline', async () => {
    const { page, svc } = ui;
    const existing = (await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'existing' } })).data;
    const component = (await svc.json('/v1/components', { method: 'POST', json: { component_code: WRITER } })).data;
    await ui.goto(`/sources/new?component=${component.id}`);
    const picker = page.getByLabel('Store', { exact: true });
    await picker.locator('option', { hasText: 'existing (0 records)' }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: 'New data store…' });
    await page.getByLabel('New data store name').fill('made inline');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => picker.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('made inline (0 records)');
    await ui.shot('data-stores-5-picker');
    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByRole('article', { name: 'Source Store writer' }).waitFor();

    const stores = (await svc.json('/v1/data_stores')).data;
    const inline = stores.find((s: { name: string }) => s.name === 'made inline');
    expect(stores.map((s: { id: string }) => s.id)).toContain(existing.id);
    const deployed = (await svc.json('/v1/users/me/sources')).data.find((s: { name: string }) => s.name === 'Store writer');
    expect(deployed.configured_props.store).toEqual({ data_store_id: inline.id });
    expect(inline.used_by).toEqual([{ type: 'source', id: deployed.id, name: 'Store writer', prop: 'store' }]);
  });
});
