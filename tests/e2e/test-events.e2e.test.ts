import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// Issue #18 item 4: Run now starts from the workflow's test event (a sample request, then the
// last real one), and each step can be tested alone with the earlier steps' last exports.
const GREETER = 'export default defineComponent({ async run({ steps, $ }) { await $.respond({ status: 200, body: { hi: steps.trigger.event.body.name } }); return steps.trigger.event.body.name } })';

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
});
