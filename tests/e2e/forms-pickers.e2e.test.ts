import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const WRITER = `export default {
  name: "Store user", key: "e2e-store-user", version: "0.1.0",
  props: { store: { type: "data_store", label: "Store" } },
  async run() { await this.store.set("x", 1); },
};`;

describe('forms and pickers (issue 18, item 8)', () => {
  const ui = useUi();

  it('clears "required" once the inline store is created, and shows the configured store by name', async () => {
    const { page, svc } = ui;
    const component = (await svc.json('/v1/components', { method: 'POST', json: { component_code: WRITER } })).data;
    await ui.goto(`/sources/new?component=${component.id}`);
    const picker = page.getByLabel('Store', { exact: true });
    await picker.waitFor();
    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByText('This prop is required').waitFor();
    await picker.selectOption({ label: 'New data store…' });
    await page.getByLabel('New data store name').fill('orders');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => picker.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('orders (0 records)');
    await expect.poll(() => page.getByText('This prop is required').count()).toBe(0);
    await ui.shot('forms-1-store-created');
    await page.getByRole('button', { name: 'Deploy' }).click();
    const detail = page.getByRole('article', { name: 'Source Store user' });
    const configured = detail.getByLabel('Configured props');
    await configured.getByText(/^orders \(ds_/).waitFor();
    expect(await configured.getByText('data_store_id').count()).toBe(0);
    await ui.shot('forms-2-store-by-name');
  });

  it('shows an inline step\u2019s prop default in its field, and each built-in action once', async () => {
    const { page, svc } = ui;
    await ui.goto('/workflows/new');
    await page.getByRole('button', { name: 'Add code step' }).click();
    const code = page.getByRole('textbox', { name: 'Code of step 1' });
    await code.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('export default defineComponent({ props: { width: { type: "integer", label: "Width", default: 350 } }, async run() { return this.width } })');
    await expect.poll(() => page.getByLabel('Width', { exact: true }).inputValue()).toBe('350');

    const builtins = ((await svc.json('/v1/components/registry')).data as { type: string; name: string; key: string }[]).filter((r) => r.type === 'action');
    expect(builtins.length).toBeGreaterThan(0);
    const options = await page.getByLabel('Add an action step').locator('option').allInnerTexts();
    for (const b of builtins) expect(options.filter((o) => o.includes(b.name)), b.key).toHaveLength(1);
    await ui.shot('forms-3-step-default');
  });
});
