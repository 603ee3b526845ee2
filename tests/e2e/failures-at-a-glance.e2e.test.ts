import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const THROWS = `export default { name: "Feed", version: "1", async run() { throw new Error("feed is down"); } }`;
const FINE = `export default { name: "Fine", version: "1", async run() { this.$emit({ ok: 1 }, { summary: "ok" }); } }`;
const stepThrows = 'export default defineComponent({ async run() { throw new TypeError("no name") } })';
const stepOk = 'export default defineComponent({ async run() { return 1 } })';

describe('failing things look failing (issue 18, item 5)', () => {
  const ui = useUi();

  beforeEach(() => ui.page.getByRole('navigation', { name: 'Sections' }).getByText('live').waitFor());

  it('shows a source\u2019s error count and last error in the Sources list and detail, and filters failing ones', async () => {
    const { page, svc } = ui;
    const bad = await svc.createSource(THROWS, { name: 'Broken feed' });
    await svc.createSource(FINE, { name: 'Fine feed' });
    await ui.goto('/sources');
    const table = page.getByRole('table', { name: 'Sources' });
    await table.getByText('Fine feed').waitFor();
    for (let i = 0; i < 4; i++) await svc.runSource(bad.id);
    // The count arrives live (a change frame), not only on reload.
    const row = table.getByRole('row', { name: /Broken feed/ });
    await row.getByText('4 errors').waitFor();
    await row.getByText('Error: feed is down').waitFor();
    expect(await table.getByRole('row', { name: /Fine feed/ }).getByText(/errors?$/).count()).toBe(0);

    await page.getByRole('button', { name: 'failing', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('Broken feed').waitFor();
    await ui.shot('failures-1-sources-failing');

    await row.click();
    const detail = page.getByRole('article', { name: 'Source Broken feed' });
    await detail.getByRole('status', { name: 'Last error' }).getByText('Error: feed is down').waitFor();
    await ui.shot('failures-2-source-detail');
  });

  it('shows a workflow\u2019s error count in the Workflows list and filters failing ones', async () => {
    const { page, svc } = ui;
    const bad = await svc.createWorkflow({ name: 'Breaks', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: stepThrows }] });
    await svc.createWorkflow({ name: 'Works', trigger: { type: 'manual' }, steps: [{ name: 'fine', code: stepOk }] });
    await ui.goto('/workflows');
    const table = page.getByRole('table', { name: 'Workflows' });
    await table.getByText('Works', { exact: true }).waitFor();
    await svc.runWorkflow(bad.id);
    await svc.runWorkflow(bad.id);
    const row = table.getByRole('row', { name: /Breaks/ });
    await row.getByText('2 errors').waitFor();
    await row.getByText('TypeError: no name').waitFor();
    await page.getByRole('button', { name: 'failing', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: 'Breaks' }).waitFor();
    await ui.shot('failures-3-workflows-failing');
  });
});
