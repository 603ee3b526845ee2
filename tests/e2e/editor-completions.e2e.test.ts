import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// The code editor knows the component API (issue 18, "Beyond the hosted builder": editor).
describe('the code editor completes the component API', () => {
  const ui = useUi();

  it('offers this.$emit with its signature from @pipedream/types while typing a component', async () => {
    const { page } = ui;
    await ui.goto('/components/new');
    const editor = page.getByRole('textbox', { name: 'Component code' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('export default {\n  name: "Completes", version: "0.0.1",\n  props: { db: "$.service.db" },\n  async run() {\n    ');
    await page.keyboard.type('this.$');
    const emit = page.getByRole('listbox').getByRole('option', { name: /\$emit/ });
    await emit.waitFor();
    expect(await emit.innerText()).toContain('(event: JSONValue, metadata?: EmitMetadata) => Promise<void>');
    // The info panel beside the list: the metadata's fields, from the types.
    await page.locator('.cm-completionInfo').getByText(/EmitMetadata = \{ id\?: string \| number/).waitFor();
    await ui.shot('editor-completions-1-emit-light');

    // The same list in the dark theme (the OS's setting), readable there too.
    await page.keyboard.press('Escape');
    await page.keyboard.type('emit({});\n');
    await page.emulateMedia({ colorScheme: 'dark' });
    // One Dark's background (#282c34) once the editor follows the OS.
    await expect.poll(() => page.locator('.cm-editor').first().evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(40, 44, 52)');
    await page.keyboard.type('this.$');
    await page.locator('.cm-completionInfo').getByText(/EmitMetadata = /).waitFor();
    await ui.shot('editor-completions-2-emit-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The component's own props: `this.db.` offers what a $.service.db holds.
    await page.keyboard.press('Escape');
    await page.keyboard.type('emit({});\nthis.db.');
    await page.getByRole('listbox').getByRole('option', { name: /^get/ }).waitFor();

    // Hovering a member shows its signature and doc.
    await page.keyboard.press('Escape');
    const at = await editor.evaluate((root) => {
      // Where "$emit" is drawn: a text range over it, wherever the highlighter split the line.
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent!.indexOf('emit');
        if (i === -1) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 2);
        const b = r.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }
      throw new Error('no $emit in the editor');
    });
    await page.mouse.move(at.x, at.y);
    await page.locator('.cm-tooltip-hover').getByText(/this\.\$emit\(event: JSONValue, metadata\?: EmitMetadata\): Promise<void>/).waitFor();
    await ui.shot('editor-completions-4-hover');
  });

  it("offers steps.<name>.<export> from the workflow's last run in a step's code", async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({
      name: 'Greets',
      trigger: { type: 'manual' },
      steps: [
        { name: 'first', code: 'export default defineComponent({ async run({ steps, $ }) { $.export("greeting", "hi " + steps.trigger.event.name); return { n: 1 } } })' },
        { name: 'second', code: 'export default defineComponent({ async run({ steps, $ }) { return 2 } })' },
      ],
    });
    const run = await svc.runWorkflow(wf.id, { name: 'Ada', address: { city: 'Paris' } });
    expect(run.status).toBe('success');
    await ui.goto(`/workflows/${wf.id}/edit`);
    const code = page.getByRole('textbox', { name: 'Code of step 2' });
    await code.getByText('return 2').waitFor();
    await code.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('export default defineComponent({ async run({ steps, $ }) {\n  return ');
    await page.keyboard.type('steps.first.');
    const greeting = page.getByRole('listbox').getByRole('option', { name: /greeting/ });
    await greeting.waitFor();
    expect(await greeting.innerText()).toContain('"hi Ada"');
    expect(await page.getByRole('listbox').getByRole('option', { name: /\$return_value/ }).count()).toBe(1);
    await ui.shot('editor-completions-3-step-exports');

    // The last trigger event's keys, nested.
    await page.keyboard.press('Escape');
    await page.keyboard.type('greeting + steps.trigger.event.address.');
    await page.getByRole('listbox').getByRole('option', { name: /city/ }).waitFor();
  });
});
