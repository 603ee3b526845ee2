import { describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const QUARTER = `export default {
  name: "Quarter ticker", version: "0.0.1",
  props: { timer: { type: "$.interface.timer", default: { cron: "*/15 * * * *" } } },
  async run(event) { this.$emit({ timestamp: event.timestamp }, { summary: "tick " + new Date(event.timestamp * 1000).toISOString() }); },
};`;

describe('the virtual clock in the UI', () => {
  const ui = useUi();

  it('previews the next firings, advances a cron source by an hour and fires it now', async () => {
    const { page } = ui;
    const source = await ui.svc.createSource(QUARTER);
    await ui.goto(`/sources/${source.id}`);
    const clock = page.getByRole('region', { name: 'Clock' });
    const next = clock.getByRole('list', { name: 'Next firings', exact: true }).getByRole('listitem');
    await next.first().waitFor();
    expect(await next.count()).toBe(5);
    const first = Date.parse((await next.first().textContent())!);
    expect(new Date(first).getUTCMinutes() % 15).toBe(0);

    // A duration that is not one is refused where it was typed.
    await clock.getByLabel('Advance by').fill('soon');
    await clock.getByRole('button', { name: 'Advance' }).click();
    await clock.getByRole('alert').getByText(/"soon" is not a duration/).waitFor();

    await clock.getByLabel('Advance by').fill('1h');
    await clock.getByRole('button', { name: 'Advance' }).click();
    await clock.getByRole('status').getByText('Advanced 1h: 4 firings ran.').waitFor();
    const firings = clock.getByRole('list', { name: 'Firings', exact: true }).getByRole('listitem');
    expect(await firings.count()).toBe(4);
    const times = (await firings.allTextContents()).map((t) => Date.parse(t.split(' ')[0]!));
    expect(times.map((t, i) => (i ? t - times[i - 1]! : 0))).toEqual([0, 900_000, 900_000, 900_000]);
    expect(times[0]).toBe(first);
    // The four events arrive live in the source's latest events.
    const rows = page.getByRole('table', { name: 'Latest events' }).getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(5);
    await clock.getByText(/its clock is 1h ahead/).waitFor();
    await ui.shot('clock-advanced');

    await clock.getByRole('button', { name: 'Fire now' }).click();
    await clock.getByRole('status').getByText(/^Fired once with the time /).waitFor();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(6);
  });
});
