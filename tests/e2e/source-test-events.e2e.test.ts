import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// Reads the request body as an HTTP trigger hands it over: a run with the emitted payload as the
// "request" (what a re-run did before) throws on event.body.name.
const GREETER = `export default {
  name: "Greeter hook",
  version: "0.0.1",
  props: { http: "$.interface.http" },
  async run(event) {
    this.$emit({ name: event.body.name }, { summary: "hi " + event.body.name });
  },
};`;

// One request, four events.
const FOUR_PER_REQUEST = `export default {
  name: "Fan out",
  version: "0.0.1",
  props: { http: "$.interface.http" },
  async run() {
    for (const n of [1, 2, 3, 4]) this.$emit({ n }, { id: "part-" + n + "-" + Date.now(), summary: "part " + n });
  },
};`;

/**
 * Issue #18 item 4: Run now on an HTTP source runs a test event (a sample request, then the last
 * real request), and the event inspector re-runs an event's original request into its source.
 */
describe('source test events and re-runs of the original request', () => {
  const ui = useUi();

  it('runs the sample request, pre-fills Run now with the last request, and re-runs an event from its original request', async () => {
    const { page, svc } = ui;
    const source = await svc.createSource(GREETER, { name: 'Greeter hook' });
    const endpoint: string = source.configured_props.http.endpoint_url;

    await ui.goto(`/sources/${source.id}`);
    const detail = page.getByRole('article', { name: 'Source Greeter hook' });
    const runNow = detail.getByRole('group', { name: 'Run now' });
    await runNow.getByText('a sample HTTP request — edit it').waitFor();
    await runNow.getByRole('button', { name: 'Run now' }).click();
    await detail.getByRole('region', { name: 'Run result' }).getByText('run ok').waitFor();
    const latest = detail.getByRole('table', { name: 'Latest events' });
    await latest.getByText('hi Ada').waitFor();

    const res = await fetch(`${endpoint}/orders?from=e2e`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) });
    expect(res.status).toBe(200);
    await latest.getByText('hi Grace').waitFor();
    await runNow.getByText(/^the last request, /).waitFor();
    await runNow.getByRole('button', { name: 'Edit event' }).click();
    const editor = runNow.getByRole('textbox', { name: 'Test event JSON' });
    await expect.poll(() => editor.textContent()).toContain('"name": "Grace"');
    expect(await editor.textContent()).toContain('"path": "/orders"');
    await ui.shot('source-test-event-prefilled');

    await ui.goto(`/events/${source.id}`);
    const events = page.getByRole('table', { name: 'Events' });
    await events.getByRole('row', { name: /hi Grace/ }).click();
    const request = page.getByLabel('Original request (JSON)');
    await expect.poll(() => request.inputValue()).toContain('"bodyRaw": "{\\"name\\":\\"Grace\\"}"');
    await page.getByRole('button', { name: 'Re-run' }).click();
    await page.getByRole('status', { name: 'Re-run result' }).filter({ hasText: 'emitted 1 event' }).waitFor();
    await expect.poll(() => events.getByRole('row', { name: /hi Grace/ }).count()).toBe(2);
    await ui.shot('source-rerun-original-request');

    // Re-running into a workflow keeps the emitted payload: that is what a subscribed workflow receives.
    const wf = await svc.createWorkflow({ name: 'Listener', trigger: { type: 'manual' }, steps: [] });
    await page.reload();
    await page.getByLabel('Re-run into').selectOption(wf.id);
    expect(await page.getByLabel('Payload (JSON)').inputValue()).toBe('{\n  "name": "Grace"\n}');
  });

  it('reads the test event again once per new request, not once per event the request emitted', async () => {
    const { page, svc } = ui;
    const source = await svc.createSource(FOUR_PER_REQUEST, { name: 'Fan out' });
    const endpoint: string = source.configured_props.http.endpoint_url;
    let reads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().endsWith(`/v1/sources/${source.id}/test_event`)) reads++;
    });

    await ui.goto(`/sources/${source.id}`);
    const detail = page.getByRole('article', { name: 'Source Fan out' });
    const runNow = detail.getByRole('group', { name: 'Run now' });
    await runNow.getByText('a sample HTTP request — edit it').waitFor();
    const opened = reads;
    expect(opened).toBeGreaterThan(0);

    const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    const latest = detail.getByRole('table', { name: 'Latest events' });
    for (const n of [1, 2, 3, 4]) await latest.getByText(`part ${n}`).waitFor();
    await runNow.getByText(/^the last request, /).waitFor();
    // Let the page's effects of the last event run before counting.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(reads - opened).toBe(1);
  });
});
