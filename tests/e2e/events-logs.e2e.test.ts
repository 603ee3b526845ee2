import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// An HTTP source that writes to stdout and stderr and emits the body with a summary. A re-run
// into the source runs its original request (edited here to a bare payload), so it accepts both shapes.
const ECHO = `export default {
  name: 'Echo', version: '0.0.1',
  props: { http: { type: '$.interface.http' } },
  async run(event) {
    const body = event.body ?? event;
    console.log('got ' + body.name);
    console.error('warn ' + body.name);
    this.$emit(body, { summary: 'hello ' + body.name });
  },
};`;

describe('events and logs', () => {
  const ui = useUi();

  it('shows events live, opens one, re-runs it edited, saves it as a fixture, then follows the logs', async () => {
    const { page, svc } = ui;
    const source = await svc.createSource(ECHO, { name: 'Echo' });
    const endpoint: string = source.configured_props.http.endpoint_url;
    const post = (name: string) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });

    await ui.goto(`/events/${source.id}`);
    await page.getByText('No events yet').waitFor();
    await post('Ada');
    const events = page.getByRole('table', { name: 'Events' });
    await events.getByRole('row', { name: /hello Ada/ }).waitFor();
    await ui.shot('events-live');

    await events.getByRole('row', { name: /hello Ada/ }).click();
    await page.waitForURL(new RegExp(`#/events/${source.id}/\\d+-\\d+$`));
    const payload = page.getByRole('region', { name: 'Payload' });
    await payload.getByText('"Ada"').waitFor();
    expect(await payload.getByText('name:').count()).toBe(1);

    // Into its own source, a re-run runs the request that produced the event (issue #18 item 4).
    const editor = page.getByLabel('Original request (JSON)');
    await expect.poll(() => editor.inputValue()).toContain('"bodyRaw"');
    await editor.fill('{"name": ');
    await page.getByRole('alert').filter({ hasText: 'Not valid JSON' }).waitFor();
    expect(await page.getByRole('button', { name: 'Re-run' }).isDisabled()).toBe(true);
    await editor.fill('{"name": "Grace"}');
    await page.getByRole('button', { name: 'Re-run' }).click();
    await page.getByRole('status', { name: 'Re-run result' }).filter({ hasText: 'emitted 1 event' }).waitFor();
    await events.getByRole('row', { name: /hello Grace/ }).waitFor();
    await ui.shot('events-detail-rerun');

    const eventId = page.url().split('/').pop()!;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as fixture' }).click()]);
    expect(download.suggestedFilename()).toBe(`${source.id}-${eventId}.json`);
    const fixture = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(fixture).toMatchObject({ runnel_fixture: 1, emitter_id: source.id, channel: '', id: eventId, event: { name: 'Ada' } });
    expect(typeof fixture.ts).toBe('number');

    // The text filter narrows the rows; the channel chip names the default channel.
    await page.getByLabel('Search summary and payload').fill('grace');
    await expect.poll(() => events.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('group', { name: 'Channels' }).getByRole('button', { name: 'default' }).count()).toBe(1);

    await ui.goto(`/logs/${source.id}`);
    const rows = page.locator('.xterm-rows');
    await expect.poll(() => rows.textContent()).toContain('got Ada');
    const text = (await rows.textContent())!;
    expect(text).toContain('warn Ada');
    expect(text).toContain('got Grace');
    // stderr is red (ANSI 31 → xterm's fg-1 class in the DOM renderer); the time prefix is dim.
    expect(await rows.locator('span.xterm-fg-1', { hasText: 'warn Ada' }).count()).toBe(1);
    expect(await rows.locator('span.xterm-dim').count()).toBeGreaterThan(0);

    await post('Linus');
    await expect.poll(() => rows.textContent()).toContain('got Linus');
    await ui.shot('logs-source');

    const search = page.getByLabel('Search logs');
    await search.fill('nothing like this');
    await search.press('Enter');
    await page.getByRole('status').filter({ hasText: 'No match' }).waitFor();
    await search.fill('warn Linus');
    await page.getByRole('button', { name: 'Next match' }).click();
    await expect.poll(() => page.locator('.xterm-selection div').count()).toBeGreaterThan(0);
    expect(await page.getByText('No match').count()).toBe(0);
    await ui.shot('logs-search');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(async () => (await rows.textContent())!.trim()).toBe('');
  });

  it("shows a workflow run's step logs, each line tagged with its step", async () => {
    const { page, svc } = ui;
    const wf = await svc.createWorkflow({
      name: 'Chatty',
      trigger: { type: 'manual' },
      steps: [
        { name: 'first', code: "export default defineComponent({ async run() { console.log('from the first step'); return 1 } })" },
        { name: 'second', code: "export default defineComponent({ async run() { console.error('second complains') } })" },
      ],
    });
    const run = await svc.runWorkflow(wf.id, { n: 1 });

    await ui.goto('/logs');
    await page.getByRole('region', { name: 'Workflow run logs' }).getByRole('link', { name: 'Chatty' }).waitFor();
    await ui.shot('logs-picker');
    await page.getByRole('region', { name: 'Workflow run logs' }).getByRole('link', { name: 'Chatty' }).click();
    await page.waitForURL(new RegExp(`#/logs/workflows/${wf.id}/runs/${run.id}$`));
    const rows = page.locator('.xterm-rows');
    await expect.poll(() => rows.textContent()).toContain('[first] from the first step');
    expect(await rows.textContent()).toContain('[second] second complains');
    await ui.shot('logs-run');
  });

  it('lists emitters with their event counts and opens one', async () => {
    const { page, svc } = ui;
    const source = await svc.createSource(ECHO, { name: 'Counted' });
    await svc.runSource(source.id, { name: 'one' });
    await svc.runSource(source.id, { name: 'two' });
    await ui.goto('/events');
    const row = page.getByRole('table', { name: 'Emitters' }).getByRole('row', { name: /Counted/ });
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('2');
    await ui.shot('events-emitters');
    await row.getByRole('link', { name: 'Counted' }).click();
    await page.getByRole('table', { name: 'Events' }).getByRole('row', { name: /hello two/ }).waitFor();
    // j then Enter opens the newest event by keyboard.
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Payload' }).getByText('"two"').waitFor();
    await page.goBack();
    await page.getByText('Select an event').waitFor();

    await page.getByRole('button', { name: 'Delete all events' }).click();
    await page.getByRole('group', { name: /Delete every event of Counted/ }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No events yet').waitFor();
    expect(await svc.events(source.id)).toEqual([]);
  });
});
