// Registry components carry display-only props: `alert` (a note shown in the form, with
// `alertType` and `content`) holds no value. They must never be asked for, in a source or in a
// workflow step, as on the hosted service.
import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { useService } from '../helpers/service';

describe('display-only props', () => {
  const svc = useService();

  it('an alert prop is described, never required, and not in this', async () => {
    const src = await svc.createSource(
      `export default { name: "Noted", version: "1", props: { note: { type: "alert", alertType: "info", content: "Connect the app first." }, n: { type: "integer", default: 2 } },
         async run() { this.$emit({ keys: Object.keys(this).filter((k) => k === "note" || k === "n"), n: this.n }); } }`,
    );
    expect(src.id).toMatch(/^dc_/);
    await svc.runSource(src.id);
    expect((await svc.events(src.id))[0].event).toEqual({ keys: ['n'], n: 2 });
    const comp = (await svc.json(`/v1/components/${src.component_id}`)).data;
    expect(comp.configurable_props ?? comp.props).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'note', type: 'alert', alertType: 'info', content: 'Connect the app first.' })]));

    const wf = await svc.createWorkflow({
      name: 'Noted step',
      trigger: { type: 'manual' },
      steps: [code('s', `props: { note: { type: "alert", alertType: "warning", content: "Careful" } }, async run() { return "ran"; }`)],
    });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status, JSON.stringify(run.steps)).toBe('success');
    expect(run.steps[0].$return_value).toBe('ran');
  });
});
