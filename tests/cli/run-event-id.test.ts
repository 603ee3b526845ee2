// `runnel run <source> --event-id <id>`: runs the original input (the HTTP request) of the
// invocation that emitted an event again (issue #18 item 4).
import { describe, expect, it } from 'vitest';
import { useService, waitFor } from '../helpers/service';
import { componentDir, HOOK } from './helpers/components';
import { cliJson, envFor, runCli } from './helpers/run-cli';

describe('runnel run --event-id', () => {
  const svc = useService();
  const dir = componentDir({ 'hook.mjs': HOOK });
  const o = () => ({ env: envFor(svc), cwd: dir });

  it("re-runs an event's original request, or an edited one with --event; says when the input is not kept", async () => {
    const src = await svc.createSource(HOOK, { name: 'Replay hook' });
    await fetch(`${src.configured_props.http.endpoint_url}/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":7}' });
    await waitFor(async () => (await svc.events(src.id)).length === 1);
    const [first] = await svc.events(src.id);

    const again = await cliJson(['run', 'Replay hook', '--event-id', first.id], o());
    expect(again.ok).toBe(true);
    expect(again.emitted[0].event).toEqual({ body: { n: 7 } });
    expect(again.emitted[0].metadata.summary).toBe('POST /orders');

    const edited = await cliJson(['run', 'Replay hook', '--event-id', first.id, '--event', '{"method":"PUT","path":"/x","body":{"n":8}}'], o());
    expect(edited.emitted[0]).toMatchObject({ event: { body: { n: 8 } }, metadata: { summary: 'PUT /x' } });

    const human = await runCli(['run', 'Replay hook', '--event-id', first.id], o());
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^ok in \d+ ms: 1 emitted/);

    const missing = await runCli(['run', 'Replay hook', '--event-id', '1606511826306-0'], o());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^runnel run: Source dc_\w+ has no retained event 1606511826306-0/);
  });
});
