import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

/** Replaces an editor's text (works for a textarea and for CodeMirror alike). */
async function typeCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

const FIRST = 'export default defineComponent({ async run({ steps, $ }) { return { n: 41 } } })';
const SECOND = 'export default defineComponent({ props: { n: { type: "integer" } }, async run({ steps, $ }) { console.log("adding one to", this.n); return this.n + 1 } })';
const THROWS = 'export default defineComponent({ async run({ steps, $ }) { throw new TypeError("kaboom: order " + steps.trigger.event.order) } })';

describe('the Workflows screen', () => {
  const ui = useUi();

  it('builds a two-step workflow in the UI, runs it and shows each step and the return values', async () => {
    const { page } = ui;
    await ui.goto('/workflows');
    await page.getByRole('status').getByText('No workflows yet').waitFor();
    await ui.shot('workflows-empty');
    await page.getByRole('button', { name: 'New workflow' }).first().click();
    await page.getByRole('heading', { name: 'New workflow' }).waitFor();
    expect(page.url()).toContain('#/workflows/new');

    await page.getByLabel('Name', { exact: true }).fill('Adder');
    await page.getByRole('button', { name: 'Add code step' }).click();
    const step1 = page.getByRole('region', { name: 'Step 1' });
    await step1.getByLabel('Step name').fill('first');
    await typeCode(page, step1.getByRole('textbox', { name: 'Code of step 1' }), FIRST);

    await page.getByRole('button', { name: 'Add code step' }).click();
    const step2 = page.getByRole('region', { name: 'Step 2' });
    await step2.getByLabel('Step name').fill('second');
    await typeCode(page, step2.getByRole('textbox', { name: 'Code of step 2' }), SECOND);
    // The prop declared in the code gets a field; earlier steps are offered as expressions.
    await step2.getByText('{{steps.first.$return_value}}').waitFor();
    // An integer prop takes an expression once its {{ }} toggle is on.
    await step2.getByRole('button', { name: 'Use an expression for n' }).click();
    await step2.getByLabel('n', { exact: true }).fill('{{steps.first.$return_value.n}}');
    await ui.shot('workflows-builder');

    // The settings panel: execution controls and memory, checked before saving.
    await page.locator('summary', { hasText: 'Settings' }).click();
    await page.getByLabel('Workers').fill('0');
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await page.getByText('Workers: a whole number, at least 1, or unlimited').waitFor();
    await page.getByLabel('Workers').fill('2');
    await page.getByLabel('Memory (MB)').fill('512');
    const throttle = page.getByRole('group', { name: 'Throttle' });
    await throttle.getByRole('checkbox').check();
    await throttle.getByLabel('Throttle limit').fill('5');
    await throttle.getByLabel('Throttle unit').selectOption('minute');
    await page.getByRole('group', { name: 'Auto-retry' }).getByRole('checkbox', { name: 'Auto-retry errors' }).check();
    await ui.shot('workflows-builder-settings');

    await page.getByRole('button', { name: 'Save workflow' }).click();
    await page.getByRole('heading', { name: 'Adder' }).waitFor();
    expect(page.url()).toMatch(/#\/workflows\/p_[^/]+$/);
    await page.getByText('first → second').waitFor();
    await page.getByText('2 workers, at most 5 per minute, queue of 100, 512 MB; failed steps are retried (up to 8 times)').waitFor();
    await page.getByRole('tabpanel', { name: 'Runs' }).getByText('No runs yet').waitFor();

    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: /^Run r_/ }).waitFor();
    const second = page.getByRole('region', { name: 'Step second' });
    await expect.poll(() => second.getByRole('group', { name: 'Return value of second' }).textContent()).toContain('42');
    expect(await page.getByRole('region', { name: 'Step first' }).getByRole('group', { name: 'Return value of first' }).textContent()).toContain('41');
    expect(await page.getByRole('table', { name: 'Steps waterfall' }).getByRole('row').count()).toBe(3);
    // The log terminal (xterm) draws its lines after it mounts: wait for the line, not the first paint.
    await expect.poll(() => second.getByRole('region', { name: 'Logs of second' }).textContent()).toContain('adding one to 41');
    await ui.shot('workflows-run-detail');

    // The run is in the workflow's list and the workflow's row shows its last run.
    await page.getByRole('link', { name: '← Adder' }).click();
    await page.getByRole('table', { name: 'Runs' }).getByText('success').waitFor();
    await page.getByRole('link', { name: '← All workflows' }).click();
    const row = page.getByRole('table', { name: 'Workflows' }).getByRole('row', { name: /Adder/ });
    await row.getByText('success').waitFor();
    expect(await row.getByText('manual').count()).toBe(1);
    await ui.shot('workflows-list');
  });

  it('shows a failing step: the run in error with its message, the $errors entry, and the mail in the outbox', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Thrower', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: FIRST }] });

    // Edit it in the UI so that its step throws.
    await ui.goto(`/workflows/${wf.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Thrower' }).waitFor();
    const step1 = page.getByRole('region', { name: 'Step 1' });
    await expect.poll(() => step1.getByLabel('Step name').inputValue()).toBe('boom');
    await typeCode(page, step1.getByRole('textbox', { name: 'Code of step 1' }), THROWS);
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await page.getByRole('heading', { name: 'Thrower' }).waitFor();

    await page.getByRole('button', { name: 'Edit event' }).click();
    await typeCode(page, page.getByRole('textbox', { name: 'Event JSON' }), '{"order": 7}');
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('heading', { name: /^Run r_/ }).waitFor();
    const boom = page.getByRole('region', { name: 'Step boom' });
    await boom.getByRole('alert').getByText('kaboom: order 7').waitFor();
    expect(await boom.getByText('error', { exact: true }).count()).toBeGreaterThan(0);
    await ui.shot('workflows-run-error');

    await page.getByRole('link', { name: '← Thrower' }).click();
    await page.getByRole('tab', { name: '$errors' }).click();
    expect(page.url()).toContain(`#/workflows/${wf.id}/errors`);
    const errors = page.getByRole('list', { name: '$errors events' });
    const entry = errors.getByRole('button', { name: /kaboom: order 7/ });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('TypeError');
    expect(await entry.textContent()).toContain('boom');
    await entry.click();
    await errors.getByText('"order"', { exact: false }).first().waitFor();
    await ui.shot('workflows-errors');

    const outbox = await svc.json('/v1/outbox');
    expect(outbox.data.some((m: { workflow_id?: string; subject: string; text?: string }) => m.workflow_id === wf.id && /kaboom/.test(`${m.subject} ${m.text ?? ''}`))).toBe(true);
  });

  it('shows the API message at the step it names when saving fails', async () => {
    const { page } = ui;
    await ui.goto('/workflows/new');
    await page.getByLabel('Name', { exact: true }).fill('Needs props');
    await page.getByRole('button', { name: 'Add code step' }).click();
    const step1 = page.getByRole('region', { name: 'Step 1' });
    await typeCode(page, step1.getByRole('textbox', { name: 'Code of step 1' }), SECOND);
    await step1.getByLabel('n', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save workflow' }).click();
    await step1.getByRole('alert').getByText(/missing required prop: n/).waitFor();
    expect(page.url()).toContain('#/workflows/new');
    await ui.shot('workflows-builder-error');
  });

  it('shows the endpoint of an HTTP workflow and a run as running while it works, then its result', async () => {
    const { page, svc } = ui;
    const slow = 'export default defineComponent({ async run({ steps }) { await new Promise((r) => setTimeout(r, 1500)); return steps.trigger.event.body } })';
    const wf = await svc.createWorkflow({ name: 'Hook', trigger: { type: 'http' }, steps: [{ name: 'wait', code: slow }] });
    await ui.goto(`/workflows/${wf.id}`);
    await page.getByRole('heading', { name: 'Hook' }).waitFor();
    await page.getByText(wf.trigger.endpoint_url).waitFor();
    await page.getByRole('tabpanel', { name: 'Runs' }).getByText('No runs yet').waitFor();

    const res = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'hook' }) });
    expect(res.status).toBe(200);
    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.getByText('running', { exact: true }).waitFor();
    await ui.shot('workflows-run-live');
    await runs.getByText('success', { exact: true }).waitFor();
    expect(await runs.getByText('running', { exact: true }).count()).toBe(0);

    // Deep link to the run, then the back button.
    await runs.getByRole('link', { name: /^Run r_/ }).click();
    await page.getByRole('region', { name: 'Step wait' }).getByText('"hook"').waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Hook' }).waitFor();
  });
});
