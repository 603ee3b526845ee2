import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const PINGER = `export default { name: "Pinger", version: "0.0.1", async run() { this.$emit({ ping: 1 }, { summary: "ping" }); } }`;
const stepOk = 'export default defineComponent({ async run({ steps }) { return steps.trigger.event; } })';
const stepThrows = 'export default defineComponent({ async run() { throw new Error("disk full"); } })';

describe('the Subscriptions (wiring) and Outbox screens', () => {
  const ui = useUi();

  // Things created over REST reach the page as change frames: wait until the stream is open.
  beforeEach(() => ui.page.getByRole('navigation', { name: 'Sections' }).getByText('live').waitFor());

  it('wires a source to a workflow, shows deliveries live, forwards $errors in one click, and deletes', async () => {
    const { page, svc } = ui;
    const src = await svc.createSource(PINGER);
    const listener = await svc.createWorkflow({ name: 'Listener', trigger: { type: 'manual' }, steps: [{ name: 'echo', code: stepOk }] });
    const thrower = await svc.createWorkflow({ name: 'Thrower', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: stepThrows }] });

    await ui.goto('/subscriptions');
    await page.getByText('No subscriptions yet').waitFor();
    await ui.shot('wiring-empty');

    const create = page.getByRole('form', { name: 'New subscription' });
    await create.getByLabel('Emitter').selectOption(src.id);
    await create.getByLabel('Channel', { exact: true }).selectOption('default');
    await create.getByLabel('Listener workflow').selectOption(listener.id);
    await create.getByRole('button', { name: 'Subscribe' }).click();

    const edge = page.getByRole('button', { name: 'Pinger to Listener on default' });
    await edge.waitFor();
    // The change frame may draw the edge a moment before the page selects it.
    await expect.poll(() => edge.getAttribute('aria-pressed')).toBe('true');
    const detail = page.getByRole('region', { name: 'Selected subscription' });
    await detail.getByText('No deliveries yet').waitFor();
    expect(page.url()).toMatch(/#\/subscriptions\/sub_/);
    const subs = (await svc.json('/v1/users/me/subscriptions')).data;
    expect(subs).toEqual([expect.objectContaining({ emitter_id: src.id, listener_id: listener.id, event_name: '' })]);

    // An event of the source runs the listener: the run shows up under the edge, live.
    await svc.runSource(src.id);
    const deliveries = detail.getByRole('table', { name: 'Deliveries' });
    await deliveries.waitFor();
    await expect.poll(() => deliveries.getByRole('row').count()).toBe(2);
    await deliveries.getByText('success').waitFor();
    const runs = (await svc.json(`/v1/workflows/${listener.id}/runs`)).data;
    expect(runs[0].trigger.context).toMatchObject({ emitter_id: src.id, source_type: 'subscription' });
    expect(await deliveries.getByRole('link').first().getAttribute('href')).toBe(`#/workflows/${listener.id}/runs/${runs[0].id}`);

    // $errors forwarding: one click once the two workflows are picked.
    const forward = page.getByRole('form', { name: 'Forward errors' });
    await forward.getByLabel('Errors of').selectOption(thrower.id);
    await forward.getByLabel('to', { exact: true }).selectOption(listener.id);
    await forward.getByRole('button', { name: 'Forward errors of Thrower to Listener' }).click();
    const errorsEdge = page.getByRole('button', { name: 'Thrower to Listener on $errors' });
    await errorsEdge.waitFor();
    expect(await errorsEdge.getAttribute('class')).toContain('wiring-edge-errors');
    await svc.runWorkflow(thrower.id);
    await expect.poll(() => detail.getByRole('table', { name: 'Deliveries' }).getByRole('row').count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Subscriptions' }).getByRole('row').count()).toBe(3);
    await ui.shot('wiring-graph');

    // Delete the source → listener subscription.
    await edge.click();
    await detail.getByRole('heading', { name: 'Pinger → Listener' }).waitFor();
    await detail.getByRole('button', { name: 'Delete subscription' }).click();
    await detail.getByText('will no longer run Listener').waitFor();
    await detail.getByRole('button', { name: 'Confirm' }).click();
    await edge.waitFor({ state: 'detached' });
    await expect.poll(async () => (await svc.json('/v1/users/me/subscriptions')).data.length).toBe(1);
    await expect.poll(() => page.url()).toMatch(/#\/subscriptions\/?$/);
  });

  it('shows a failing workflow’s error mail in the Outbox as it arrives', async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({ name: 'Nightly report', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: stepThrows }] });
    await ui.goto('/outbox');
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await svc.runWorkflow(wf.id);
    // The page was open before the mail was filed: it arrives through the account stream.
    const row = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Nightly report' });
    await row.waitFor();
    const total = (await svc.json('/v1/outbox')).data.length;
    await expect.poll(() => page.getByRole('table', { name: 'Messages' }).getByRole('row').count()).toBe(total + 1);
    await row.click();
    const message = page.getByRole('article', { name: 'Message' });
    await message.getByText('disk full').first().waitFor();
    expect(await message.getByRole('link', { name: 'Nightly report' }).getAttribute('href')).toBe(`#/workflows/${wf.id}`);
    expect(page.url()).toMatch(/#\/outbox\/.+/);
    await ui.shot('outbox');
  });
});
