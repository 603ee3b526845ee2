import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

const PINGER = `export default { name: "Pinger", version: "0.0.1", async run() { this.$emit({ ping: 1 }, { summary: "ping" }); } }`;
const stepOk = 'export default defineComponent({ async run({ steps }) { return steps.trigger.event; } })';

/** Whether two boxes overlap (touching is fine). */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

describe('views that stay true (issue 18, item 7)', () => {
  const ui = useUi();

  beforeEach(() => ui.page.getByRole('navigation', { name: 'Sections' }).getByText('live').waitFor());

  it('shows the subscription of a workflow with a source trigger as soon as the workflow is created', async () => {
    const { page, svc } = ui;
    const src = await svc.createSource(PINGER, { name: 'Pinger' });
    await ui.goto('/subscriptions');
    await page.getByText('No subscriptions yet').waitFor();
    await svc.createWorkflow({ name: 'On ping', trigger: { type: 'source', source_id: src.id }, steps: [{ name: 'echo', code: stepOk }] });
    // No reload: the change feed announces the subscription the workflow made.
    await page.getByRole('button', { name: 'Pinger to On ping on default' }).waitFor();
    await ui.shot('fresh-1-subscription-live');
  });

  it('keeps the labels of crossing and parallel edges apart in the wiring graph', async () => {
    const { page, svc } = ui;
    const a = await svc.createWorkflow({ name: 'Alpha', trigger: { type: 'manual' }, steps: [{ name: 'echo', code: stepOk }] });
    const b = await svc.createWorkflow({ name: 'Beta', trigger: { type: 'manual' }, steps: [{ name: 'echo', code: stepOk }] });
    const sub = (e: string, l: string, name: string) =>
      svc.api(`/v1/subscriptions?emitter_id=${e}&listener_id=${l}&event_name=${encodeURIComponent(name)}`, { method: 'POST' });
    // Alpha → Beta on default and on $errors (parallel), Beta → Alpha on $errors (crossing at the same midpoint).
    await sub(a.id, b.id, '');
    await sub(a.id, b.id, '$errors');
    await sub(b.id, a.id, '$errors');
    await ui.goto('/subscriptions');
    await page.getByRole('button', { name: 'Beta to Alpha on $errors' }).waitFor();
    const labels = page.locator('.wiring-edge-label-bg');
    await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(3);
    const boxes = (await Promise.all((await labels.all()).map((l) => l.boundingBox()))).filter((b) => b !== null);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `labels ${i} and ${j} overlap`).toBe(false);
    await ui.shot('fresh-2-wiring-labels');
  });
});
