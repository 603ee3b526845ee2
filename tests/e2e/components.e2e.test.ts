import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const HELLO = `export default {
  name: "Hello hook",
  version: "0.0.1",
  props: { http: "$.interface.http" },
  async run(event) {
    console.log("got", event.method);
    this.$emit(event.body, { summary: "hi" });
  },
};
`;

// Line 6 closes run() without closing the $emit( call.
const BROKEN = `export default {
  name: "Hello hook",
  version: "0.0.1",
  props: { http: "$.interface.http" },
  async run(event) {
    this.$emit(event.body, { summary: "hi" }
  },
};
`;

const BAD_PROP = `export default {
  name: "Hello hook",
  version: "0.0.1",
  props: {
    who: { type: "nope" },
  },
  async run() {},
};
`;

const HELLO_V2 = HELLO.replace('"0.0.1"', '"0.0.2"').replace('summary: "hi"', 'summary: "hi again"');

/** Replaces the editor's whole text the way a paste would (typing would meet auto-closed brackets). */
async function setCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: 'Component code' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(code);
  await expect.poll(() => editor.evaluate((el) => (el as HTMLElement).innerText.includes('version'))).toBe(true);
}

describe('the Components screen', () => {
  const ui = useUi();
  let helloId = '';

  it('writes an HTTP source in the editor, saves it and finds it in the list', async () => {
    const { page } = ui;
    await ui.goto('/components');
    await page.getByRole('heading', { name: 'Components' }).waitFor();
    await page.getByText('No components of your own yet').waitFor();
    // The registry's built-ins are listed, marked as such.
    const table = page.getByRole('table', { name: 'Components' });
    await table.getByRole('row', { name: /New Requests.*built-in/ }).first().waitFor();
    await ui.shot('components-list-empty');

    await page.getByRole('status').getByRole('button', { name: 'New component' }).click();
    await page.getByRole('heading', { name: 'New component' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('http');
    await page.getByRole('textbox', { name: 'Component code' }).getByText('New HTTP source').waitFor();
    await ui.shot('components-new-template');

    await setCode(page, HELLO);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Hello hook' }).waitFor();
    expect(page.url()).toMatch(/#\/components\/sc_\w+$/);
    helloId = /#\/components\/(sc_\w+)$/.exec(page.url())![1];
    const facts = page.getByRole('complementary', { name: 'About this component' });
    await facts.getByText('$.interface.http').waitFor();
    await ui.shot('components-saved');

    await page.getByRole('link', { name: '← Components' }).click();
    await table.getByRole('row', { name: /Hello hook.*0\.0\.1.*source.*saved/ }).waitFor();
    expect(await page.getByText('No components of your own yet').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Filter components' }).fill('hello');
    await expect.poll(() => table.getByRole('row').count()).toBe(2); // header + Hello hook
    await ui.shot('components-list');
  });

  it('shows the API message for a syntax error and marks its line', async () => {
    const { page } = ui;
    await ui.goto(`/components/${helloId}`);
    await page.getByRole('heading', { name: 'Hello hook' }).waitFor();
    await setCode(page, BROKEN);
    await page.getByText('unsaved changes').waitFor();
    await page.keyboard.press('Control+s');
    const alert = page.getByRole('alert');
    await alert.getByText(/does not parse/).waitFor();
    const message = (await alert.textContent())!;
    const line = Number(/component:(\d+):/.exec(message)![1]);
    expect(line).toBe(7);
    await page.getByRole('note', { name: `Error on line ${line}` }).waitFor();
    // The marked range is that line of the editor.
    const marked = page.locator('.cm-lintRange-error');
    await marked.waitFor();
    expect((await marked.textContent())!.trim()).toBe(BROKEN.split('\n')[line - 1].trim());
    expect(page.url()).toContain(`#/components/${helloId}`);
    await ui.shot('components-syntax-error');

    // A refusal that names a prop marks the line declaring it.
    await setCode(page, BAD_PROP);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText(/unknown type "nope".*declared on line 5/).waitFor();
    await page.getByRole('note', { name: 'Error on line 5' }).waitFor();
  });

  it('saves a new version of a deployed component and moves its source in place', async () => {
    const { page, svc } = ui;
    const source = (await svc.json('/v1/sources', { method: 'POST', json: { component_id: helloId, name: 'Hook A' } })).data;
    await ui.goto(`/components/${helloId}`);
    const facts = page.getByRole('complementary', { name: 'About this component' });
    await facts.getByRole('link', { name: 'Hook A' }).waitFor();
    await page.getByRole('button', { name: 'Deploy as source' }).waitFor();

    await setCode(page, HELLO_V2);
    await page.getByRole('button', { name: 'Save' }).click();
    const report = page.getByRole('region', { name: 'Save report' });
    await report.getByText('updated in place').waitFor();
    await report.getByRole('link', { name: source.id }).waitFor();
    await expect.poll(() => page.url()).not.toContain(helloId);
    const newId = /#\/components\/(sc_\w+)$/.exec(page.url())![1];
    await facts.getByText('0.0.2').waitFor();
    await facts.getByRole('link', { name: 'Hook A' }).waitFor();
    await ui.shot('components-updated-in-place');

    const after = (await svc.json(`/v1/sources/${source.id}`)).data;
    expect(after.id).toBe(source.id);
    expect(after.component_id).toBe(newId);
    expect(newId).not.toBe(helloId);

    // The old version is unused now and can be deleted; the new one is in use and says so.
    await ui.goto(`/components/${newId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('group', { name: /Delete Hello hook 0\.0\.2/ }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').getByText(/is used by/).waitFor();
    await ui.shot('components-delete-refused');
  });

  it('keeps registry components read-only and copies one into a new component', async () => {
    const { page } = ui;
    await ui.goto('/components');
    await page.getByRole('table', { name: 'Components' }).getByRole('link', { name: 'New Requests' }).first().click();
    await page.getByText(/ships with Runnel and is read-only/).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Deploy' }).waitFor();
    await ui.shot('components-registry');
    await page.getByRole('button', { name: 'Copy into a new component' }).click();
    await page.getByRole('heading', { name: 'New component' }).waitFor();
    await page.getByRole('textbox', { name: 'Component code' }).getByText('Copied from http-new-requests').waitFor();
    await page.getByRole('textbox', { name: 'Component code' }).getByText('"http-new-requests-copy"').waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).backgroundColor).then((bg) => expect(bg).not.toBe('rgb(255, 255, 255)'));
    await ui.shot('components-copy-dark');
  });
});
