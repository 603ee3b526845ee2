import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const step = `export default defineComponent({ async run({ steps }) {
  if (steps.trigger.event.body.fail) throw new Error("cannot ship " + steps.trigger.event.body.item);
  return "shipped " + steps.trigger.event.body.item;
} })`;

describe('search events and runs; bulk replay of failed runs (issue 18, beyond the hosted builder)', () => {
  const ui = useUi();

  beforeEach(() => ui.page.getByRole('navigation', { name: 'Sections' }).getByText('live').waitFor());

  it('selects the failed runs, replays them, marks old and new; replays one with an edited event; finds a run by a payload word', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Shipping', trigger: { type: 'manual' }, steps: [{ name: 'ship', code: step }] });
    for (const item of ['anvil', 'bucket', 'compass']) await svc.runWorkflow(wf.id, { body: { item, fail: true } });
    await svc.runWorkflow(wf.id, { body: { item: 'dynamo' } });

    await ui.goto(`/workflows/${wf.id}`);
    const table = page.getByRole('table', { name: 'Runs' });
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    await page.getByRole('button', { name: 'Select all failed (3)' }).click();
    const boxes = table.getByRole('checkbox', { name: /^Select run / });
    expect(await Promise.all((await boxes.all()).map((b) => b.isChecked()))).toEqual([false, true, true, true]);
    await ui.shot('replay-1-selected');
    await page.getByRole('button', { name: 'Replay selected (3)' }).click();
    await page.getByRole('status').getByText('Replayed 3 runs; 3 failed again.').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(8);
    await expect.poll(() => table.getByText('replayed', { exact: true }).count()).toBe(3);
    expect(await table.getByText('replay', { exact: true }).count()).toBe(3);
    // The replays ran in the order the originals came in: the newest replay is compass's.
    const newest = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    expect(newest.trigger.event.body.item).toBe('compass');
    await ui.shot('replay-2-replayed');

    // Open a failed original: it links to its replay; replay it with an edited event.
    const original = (await svc.json(`/v1/workflows/${wf.id}/runs?limit=100`)).data.find((r: any) => r.trigger.event.body.item === 'anvil' && !r.replay_of);
    await ui.goto(`/workflows/${wf.id}/runs/${original.id}`);
    await page.getByText('Replayed as').waitFor();
    await page.getByRole('button', { name: 'Replay with edited event' }).click();
    const editor = page.getByRole('textbox', { name: /Trigger event/ });
    expect(JSON.parse(await editor.inputValue())).toEqual({ body: { item: 'anvil', fail: true } });
    await editor.fill(JSON.stringify({ body: { item: 'anvil-fixed' } }));
    await ui.shot('replay-3-edit');
    await page.getByRole('region', { name: 'Replay with edited event' }).getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByText('Replay of').waitFor();
    await page.getByText('shipped anvil-fixed').first().waitFor();
    await page.getByRole('link', { name: `Run ${original.id}` }).waitFor();

    // Search finds the run by a word of its payload, with the match marked, and opens it.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Search' }).click();
    await page.getByRole('searchbox').fill('dynamo');
    const results = page.getByRole('table', { name: 'Search results' });
    await expect.poll(() => results.getByRole('row').count()).toBe(2);
    await results.locator('mark', { hasText: 'dynamo' }).first().waitFor();
    expect(page.url()).toContain('#/search?q=dynamo');
    await page.getByRole('button', { name: 'failed', exact: true }).click();
    await page.getByText('Nothing found').waitFor();
    await page.getByRole('button', { name: 'all', exact: true }).click();
    await results.getByText('Shipping').waitFor();
    await ui.shot('search-1-results');
    await results.getByRole('link', { name: /^Open run / }).click();
    await page.getByText('shipped dynamo').first().waitFor();

    // A deep link opens the screen with its filters.
    await ui.goto('/search?q=cannot%20ship&status=error');
    await expect.poll(() => page.getByRole('table', { name: 'Search results' }).getByRole('row').count()).toBe(7);
    expect(await page.getByRole('button', { name: 'failed', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });
});
