// Issue 16, section 2, in the web UI: a paused run shows as paused in the runs list with Resume
// and Cancel buttons that call its URLs; the run detail shows the pause and its URLs; the Clock
// panel of a manual workflow with a paused run moves it on.
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const DELAY = 'export default defineComponent({ async run({ $ }) { $.flow.delay(60 * 60 * 1000); return "waited"; } })';
const AFTER = 'export default defineComponent({ async run({ steps }) { return steps.wait.$return_value + " and went on"; } })';

describe('paused runs in the UI', () => {
  const ui = useUi();

  it('lists a paused run with Resume and Cancel; each acts on the run, which the list shows live', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Waits', trigger: { type: 'manual' }, steps: [{ name: 'wait', code: DELAY }, { name: 'after', code: AFTER }] });
    const first = await svc.runWorkflow(wf.id);
    const second = await svc.runWorkflow(wf.id);
    expect([first.status, second.status]).toEqual(['paused', 'paused']);

    await ui.goto(`/workflows/${wf.id}`);
    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.getByText('paused', { exact: true }).first().waitFor();
    expect(await runs.getByText('paused', { exact: true }).count()).toBe(2);
    await ui.shot('workflow-runs-paused');

    await runs.getByRole('button', { name: `Resume run ${first.id}` }).click();
    await runs.getByText('success', { exact: true }).waitFor();
    await runs.getByRole('button', { name: `Cancel run ${second.id}` }).click();
    await runs.getByText('cancelled', { exact: true }).waitFor();
    expect(await runs.getByRole('button', { name: /^Resume run/ }).count()).toBe(0);
    const done = (await svc.json(`/v1/workflows/${wf.id}/runs/${first.id}`)).data;
    expect(done.steps[1].$return_value).toBe('waited and went on');
    expect((await svc.json(`/v1/workflows/${wf.id}/runs/${second.id}`)).data.status).toBe('cancelled');
  });

  it('shows the pause and its URLs on the run page, and the Clock panel moves the paused run on', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Clocked', trigger: { type: 'manual' }, steps: [{ name: 'wait', code: DELAY }, { name: 'after', code: AFTER }] });
    const run = await svc.runWorkflow(wf.id);
    await ui.goto(`/workflows/${wf.id}/runs/${run.id}`);
    await page.getByText(run.pauses[0].resume_url).waitFor();
    await page.getByRole('button', { name: `Resume run ${run.id}` }).waitFor();
    await ui.shot('workflow-run-paused');

    await ui.goto(`/workflows/${wf.id}`);
    const clock = page.getByRole('region', { name: 'Clock' });
    await clock.getByLabel('Advance by').fill('1h');
    expect(await clock.getByRole('button', { name: 'Fire now' }).count()).toBe(0);
    await clock.getByRole('button', { name: 'Advance' }).click();
    await page.getByText('1 paused run went on').waitFor();
    await page.getByRole('table', { name: 'Runs' }).getByText('success', { exact: true }).waitFor();
    await ui.shot('workflow-clock-resumed');
  });
});
