import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// Issue #18 item 4: Run now starts from the workflow's test event (a sample request, then the
// last real one), and each step can be tested alone with the earlier steps' last exports.
const GREETER = 'export default defineComponent({ async run({ steps, $ }) { await $.respond({ status: 200, body: { hi: steps.trigger.event.body.name } }); return steps.trigger.event.body.name } })';

/** Replaces an editor's text (works for a textarea and for CodeMirror alike). */
async function typeCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

const FIRST = 'export default defineComponent({ async run({ steps, $ }) { console.log("first got", steps.trigger.event.body.name); $.export("who", steps.trigger.event.body.name); return 41 } })';
const SECOND = 'export default defineComponent({ async run({ steps, $ }) { return { from_first: steps.first.who, n: steps.first.$return_value + 1, name: steps.trigger.event.body.name } } })';

describe('test events', () => {
  const ui = useUi();

  it("Run now on the README's Greeter: a sample request first, then the last real request", async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Greeter', trigger: { type: 'http' }, steps: [{ name: 'hello', code: GREETER }] });
    await ui.goto(`/workflows/${wf.id}`);
    const runNow = page.getByRole('region', { name: 'Run now' });
    await runNow.getByText('a sample HTTP request — edit it').waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: /^Run r_/ }).waitFor();
    const hello = page.getByRole('region', { name: 'Step hello' });
    await expect.poll(() => hello.getByRole('group', { name: 'Return value of hello' }).textContent()).toContain('Ada');

    const res = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) });
    expect(await res.json()).toEqual({ hi: 'Grace' });
    const real = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    await page.getByRole('link', { name: '← Greeter' }).click();
    await runNow.getByText(`from the last request, run ${real.id}`).waitFor();
    await runNow.getByRole('button', { name: 'Edit event' }).click();
    await expect.poll(() => runNow.getByRole('textbox', { name: 'Event JSON' }).textContent()).toContain('"Grace"');
    await ui.shot('test-events-run-now');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: /^Run r_/ }).waitFor();
    await expect.poll(() => hello.getByRole('group', { name: 'Return value of hello' }).textContent()).toContain('Grace');
  });

  it('tests one step at a time in the editor: step 1, then step 2 with an edited event and step 1 tested exports', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Two steps', trigger: { type: 'http' }, steps: [{ name: 'first', code: FIRST }, { name: 'second', code: SECOND }] });
    await ui.goto(`/workflows/${wf.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Two steps' }).waitFor();

    const step1 = page.getByRole('region', { name: 'Step 1' });
    await step1.getByRole('button', { name: 'Test', exact: true }).click();
    const test1 = step1.getByRole('region', { name: 'Test of first' });
    await test1.getByText('a sample HTTP request — edit it').waitFor();
    await test1.getByText('no earlier steps').waitFor();
    await test1.getByRole('button', { name: 'Test step' }).click();
    const result1 = test1.getByRole('region', { name: 'Test result of first' });
    await result1.getByText('success', { exact: true }).waitFor();
    await expect.poll(() => result1.getByRole('group', { name: 'Test exports of first' }).textContent()).toContain('Ada');
    await expect.poll(() => result1.getByRole('region', { name: 'Test logs of first' }).textContent()).toContain('first got Ada');

    const step2 = page.getByRole('region', { name: 'Step 2' });
    await step2.getByRole('button', { name: 'Test', exact: true }).click();
    const test2 = step2.getByRole('region', { name: 'Test of second' });
    const given = test2.getByRole('group', { name: 'Exports of earlier steps' });
    await expect.poll(() => given.textContent()).toContain('Ada');
    await given.getByText('from its test').waitFor();
    await typeCode(page, test2.getByRole('textbox', { name: 'Test event of second' }), '{"body": {"name": "Edited"}}');
    await test2.getByText('edited by you').waitFor();
    await test2.getByRole('button', { name: 'Test step' }).click();
    const result2 = test2.getByRole('region', { name: 'Test result of second' });
    const value = result2.getByRole('group', { name: 'Test return value of second' });
    await expect.poll(() => value.textContent()).toContain('Edited');
    expect(await value.textContent()).toContain('Ada');
    expect(await value.textContent()).toContain('42');
    await test2.scrollIntoViewIfNeeded();
    await ui.shot('test-events-step-test');

    // A test records no run.
    expect((await svc.json(`/v1/workflows/${wf.id}/runs`)).data).toEqual([]);
  });

  it("refreshes step 2's earlier exports when step 1 is tested again, with the panels open side by side", async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Side by side', trigger: { type: 'http' }, steps: [{ name: 'first', code: FIRST }, { name: 'second', code: SECOND }] });
    await ui.goto(`/workflows/${wf.id}/edit`);
    const step1 = page.getByRole('region', { name: 'Step 1' });
    const step2 = page.getByRole('region', { name: 'Step 2' });
    await step2.getByRole('button', { name: 'Test', exact: true }).click();
    const given = step2.getByRole('region', { name: 'Test of second' }).getByRole('group', { name: 'Exports of earlier steps' });
    await given.getByText('no exports yet: test first first').waitFor();

    await step1.getByRole('button', { name: 'Test', exact: true }).click();
    const test1 = step1.getByRole('region', { name: 'Test of first' });
    await test1.getByText('a sample HTTP request — edit it').waitFor();
    await test1.getByRole('button', { name: 'Test step' }).click();
    await test1.getByRole('region', { name: 'Test result of first' }).getByText('success', { exact: true }).waitFor();
    await expect.poll(() => given.textContent()).toContain('Ada');

    // Tested again with a new event: step 2's panel, still open, shows the new exports.
    await typeCode(page, test1.getByRole('textbox', { name: 'Test event of first' }), '{"body": {"name": "Grace"}}');
    await test1.getByRole('button', { name: 'Test step' }).click();
    await expect.poll(() => test1.getByRole('group', { name: 'Test exports of first' }).textContent()).toContain('Grace');
    await expect.poll(() => given.textContent()).toContain('Grace');
    expect(await given.textContent()).not.toContain('Ada');
    await given.scrollIntoViewIfNeeded();
    await ui.shot('test-events-step-test-refresh');
  });

  it('shows a failing step test with its error and stack', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Fails', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: 'export default defineComponent({ async run() {\n  throw new TypeError("kaboom")\n} })' }] });
    await ui.goto(`/workflows/${wf.id}/edit`);
    const step1 = page.getByRole('region', { name: 'Step 1' });
    await step1.getByRole('button', { name: 'Test', exact: true }).click();
    await step1.getByRole('button', { name: 'Test step' }).click();
    const alert = step1.getByRole('region', { name: 'Test result of boom' }).getByRole('alert');
    await alert.getByText('kaboom').first().waitFor();
    expect(await alert.textContent()).toMatch(/TypeError/);
    expect(await alert.textContent()).toMatch(/component\.mjs:2/);
    await ui.shot('test-events-step-error');
  });
});
