import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { cliJson, envFor, runCli } from './helpers/run-cli';

// Issue #18 item 4: `runnel run <workflow>` without --event runs with the workflow's test event
// (the README's Greeter failed on `steps.trigger.event.body.name` with `{}`), and says which.
const GREETER = 'export default defineComponent({ async run({ steps, $ }) { await $.respond({ status: 200, body: { hi: steps.trigger.event.body.name } }); return steps.trigger.event.body.name } })';

describe('runnel run <workflow> without --event', () => {
  const svc = useService();
  const o = () => ({ env: envFor(svc) });

  it('uses a sample request before the first one, then the last real request, and says which', async () => {
    const wf = await svc.createWorkflow({ name: 'Greeter', trigger: { type: 'http' }, steps: [{ name: 'hello', code: GREETER }] });
    const first = await runCli(['run', 'Greeter'], o());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^with a sample HTTP request \(no request yet; --event chooses the event\)\n/);
    expect(first.stdout).toMatch(/hello success {2}→ "Ada"/);

    await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }) });
    const real = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data[0];
    const second = await runCli(['run', 'Greeter'], o());
    expect(second.stdout).toMatch(new RegExp(`^with the event of the last trigger \\(run ${real.id}\\)\\n`));
    expect(second.stdout).toMatch(/hello success {2}→ "Grace"/);
    const json = await cliJson<any>(['run', 'Greeter'], o());
    expect(json.trigger.event.body).toEqual({ name: 'Grace' });
    // --event still wins.
    expect((await cliJson<any>(['run', 'Greeter', '--event', '{"body":{"name":"Given"}}'], o())).steps[0].$return_value).toBe('Given');
  });
});
