import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const CODE = `export default {
  name: "Webhook catcher",
  version: "0.0.1",
  props: { http: "$.interface.http" },
  async run(event) {
    console.log("caught " + event.body.order);
    this.$emit(event.body, { summary: "order " + event.body.order });
  },
};
`;

/**
 * The first thing a new user does: write an HTTP source in the editor, deploy it, send it a
 * request from outside, and watch the event and the log line arrive — without leaving the UI.
 */
describe('journey: from an empty editor to a live webhook', () => {
  const ui = useUi();

  it('writes, deploys and triggers an HTTP source, then sees its event row and log line live', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Components' }).click();
    await page.getByRole('status').getByRole('button', { name: 'New component' }).click();
    const editor = page.getByRole('textbox', { name: 'Component code' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(CODE);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Webhook catcher' }).waitFor();

    await page.getByRole('button', { name: 'Deploy as source' }).click();
    await page.getByRole('heading', { name: 'New source' }).waitFor();
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    const endpointText = page.getByText(/^http:\/\/127\.0\.0\.1:\d+\/e\/\w+$/).first();
    await endpointText.waitFor();
    const id = /#\/sources\/(dc_\w+)/.exec(page.url())![1];
    const endpoint = (await endpointText.textContent())!;
    await ui.shot('journey-1-deployed');

    // A request from outside the UI, as a webhook sender would make it.
    const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: 1042 }) });
    expect(res.status).toBe(200);

    // The log line reaches the terminal on the detail page without a reload.
    await page.getByRole('region', { name: 'Logs of Webhook catcher' }).getByText('caught 1042').waitFor();
    await ui.shot('journey-2-log-line');

    // The Events screen shows the row (already there, and a second one arrives live).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Events' }).click();
    await page.getByRole('link', { name: /Webhook catcher/ }).first().click();
    const rows = page.getByRole('table', { name: 'Events' });
    await rows.getByRole('row', { name: /order 1042/ }).waitFor();
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: 1043 }) });
    await rows.getByRole('row', { name: /order 1043/ }).waitFor();
    expect(page.url()).toContain(`#/events/${id}`);
    await rows.getByRole('row', { name: /order 1043/ }).click();
    await page.getByRole('region', { name: 'Payload' }).getByText('1043').waitFor();
    await ui.shot('journey-3-events');
  });
});
