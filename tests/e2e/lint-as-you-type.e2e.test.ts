import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

describe('the code editor checks syntax as you type (issue 18, item 8)', () => {
  const ui = useUi();

  it('marks a syntax error without saving, and clears it once fixed', async () => {
    const { page, svc } = ui;
    await ui.goto('/components/new');
    const editor = page.getByRole('textbox', { name: 'Component code' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('export default {\n  name: "Broken", version: "0.0.1",\n  async run() { const x = ; },\n};\n');
    const check = page.getByRole('status', { name: 'Syntax check' });
    await check.getByText(/Line 3/).waitFor();
    expect(await page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);
    await ui.shot('lint-1-syntax-error');
    // Nothing was saved: the check is the editor's own.
    expect((await svc.json('/v1/users/me/components')).data.filter((c: { name: string }) => c.name === 'Broken')).toEqual([]);

    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('export default {\n  name: "Fixed", version: "0.0.1",\n  async run() { const x = 1; return x; },\n};\n');
    await expect.poll(() => check.count()).toBe(0);
    await expect.poll(() => page.locator('.cm-lint-marker-error').count()).toBe(0);
  });
});
