import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const HELLO = `export default {
  name: "Drafty", key: "e2e-drafty", version: "0.0.1",
  async run() { this.$emit({ hi: 1 }, { summary: "hi" }); },
};
`;

describe('editor drafts survive a reload (issue 18, item 6)', () => {
  const ui = useUi();

  it('restores unsaved component code after a reload, says so, and can discard it; saving clears it', async () => {
    const { page, svc } = ui;
    const comp = (await svc.json('/v1/components', { method: 'POST', json: { component_code: HELLO } })).data;
    await ui.goto(`/components/${comp.id}`);
    const editor = page.getByRole('textbox', { name: 'Component code' });
    await editor.getByText('"Drafty"').waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('// unsaved thought\n');
    await page.getByText('unsaved changes').waitFor();

    await page.reload();
    await editor.getByText('// unsaved thought').waitFor();
    const note = page.getByRole('status', { name: 'Restored draft' });
    await note.getByText(/Restored your unsaved draft/).waitFor();
    await ui.shot('drafts-1-restored');

    await note.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => editor.getByText('// unsaved thought').count()).toBe(0);
    await note.waitFor({ state: 'detached' });
    await page.reload();
    await editor.getByText('"Drafty"').waitFor();
    expect(await page.getByRole('status', { name: 'Restored draft' }).count()).toBe(0);

    // A saved draft is gone: the next reload shows the saved code, no note.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('// kept\n');
    await page.reload();
    await editor.getByText('// kept').waitFor();
    await editor.click();
    await page.keyboard.press('Control+s');
    await page.getByRole('region', { name: 'Save report' }).waitFor();
    await page.reload();
    await editor.getByText('"Drafty"').waitFor();
    expect(await page.getByRole('status', { name: 'Restored draft' }).count()).toBe(0);
  });

  it('restores the code of a new, never saved component', async () => {
    const { page } = ui;
    await ui.goto('/components/new');
    const editor = page.getByRole('textbox', { name: 'Component code' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('export default { name: "Fresh", version: "0.0.1", async run() {} };\n');
    await page.reload();
    await editor.getByText('"Fresh"').waitFor();
    await page.getByRole('status', { name: 'Restored draft' }).waitFor();
  });

  it('restores the unsaved code of a workflow step after a reload, per step, until saved', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({
      name: 'Drafted',
      trigger: { type: 'manual' },
      steps: [{ name: 'first', code: 'export default defineComponent({ async run() { return 1 } })' }],
    });
    await ui.goto(`/workflows/${wf.id}/edit`);
    const code = page.getByRole('textbox', { name: 'Code of step 1' });
    await code.getByText('return 1').waitFor();
    await code.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('// step draft\n');
    await page.reload();
    await code.getByText('// step draft').waitFor();
    const note = page.getByRole('region', { name: 'Step 1' }).getByRole('status', { name: 'Restored draft' });
    await note.waitFor();
    await ui.shot('drafts-2-step-restored');
    await note.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => code.getByText('// step draft').count()).toBe(0);
    await page.reload();
    await code.getByText('return 1').waitFor();
    expect(await code.getByText('// step draft').count()).toBe(0);
  });
});
