import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService, waitFor } from '../helpers/service';
import { ADDER, componentDir, GREETER, HOOK, LIB } from './helpers/components';
import { cliJson, envFor, runCli, startCli } from './helpers/run-cli';

describe('runnel CLI verbs against a real service', () => {
  const svc = useService();
  const dir = componentDir({ 'greeter.mjs': GREETER, 'lib.mjs': LIB, 'hook.mjs': HOOK, 'adder.mjs': ADDER });
  const o = () => ({ env: envFor(svc), cwd: dir });
  const cli = (...args: string[]) => runCli(args, o());
  const json = <T = any>(...args: string[]) => cliJson<T>(args, o());

  it('deploy: bundles local imports, takes --prop values as JSON when they parse, prints id, name and endpoint', async () => {
    const d = await json('deploy', 'greeter.mjs', '--no-follow', '--prop', 'who=Ada', '--prop', 'n=3', '--prop', 'obj={"a":1}');
    expect(d).toMatchObject({ type: 'source', name: 'Greeter', endpoint_url: null, resource: { id: d.id, name: 'Greeter', configured_props: { who: 'Ada', n: 3, obj: { a: 1 } } } });
    expect(d.id).toMatch(/^dc_/);
    const run = await json('run', 'Greeter');
    expect(run.ok).toBe(true);
    expect(run.emitted[0].event).toMatchObject({ hi: 'Hello, Ada', n: 3, obj: { a: 1 } });

    const human = await cli('deploy', 'hook.mjs', '--no-follow', '--name', 'My Hook');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Deployed source "My Hook"\n\s+id:\s+dc_\w+\n\s+name:\s+My Hook\n\s+endpoint: http:\/\/127\.0\.0\.1:\d+\/e\/\w{22}/);
  });

  it('deploy: a registry key, an action as a one-step workflow, and missing props as one line without a TTY', async () => {
    const fromKey = await json('deploy', 'http-new-requests', '--no-follow', '--name', 'Requests');
    expect(fromKey).toMatchObject({ type: 'source', name: 'Requests', resource: { component_key: 'http-new-requests' } });
    expect(fromKey.endpoint_url).toMatch(/\/e\/\w{22}$/);

    const wf = await json('deploy', 'adder.mjs', '--no-follow', '--prop', 'a=40');
    expect(wf).toMatchObject({ type: 'workflow', name: 'Adder', endpoint_url: null, resource: { trigger: { type: 'manual' }, steps: [{ name: 'adder', configured_props: { a: 40 } }] } });
    const viaHttp = await json('deploy', 'adder.mjs', '--no-follow', '--trigger', 'http', '--name', 'Adder HTTP');
    expect(viaHttp.endpoint_url).toMatch(/\/e\/\w{22}$/);

    const missing = await cli('deploy', 'greeter.mjs', '--no-follow', '--name', 'Nobody');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('runnel deploy: Missing required prop: who\n');
    const nothing = await cli('deploy', 'nope-no-such-key', '--no-follow');
    expect(nothing.stderr).toMatch(/^runnel deploy: "nope-no-such-key" is neither a file nor a registry key/);
    const noFile = await cli('deploy', './missing.mjs');
    expect(noFile.stderr).toBe('runnel deploy: no such file: ./missing.mjs\n');
    writeFileSync(join(dir, 'broken.mjs'), 'export default {\n  name: "x",,\n};\n');
    const broken = await cli('deploy', 'broken.mjs');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^runnel deploy: .*broken\.mjs:2:\d+: /);
  });

  it('deploy follows events and logs until stopped; events -f follows new events', async () => {
    const follow = startCli(['deploy', 'hook.mjs', '--name', 'Followed'], o());
    await follow.waitForOutput(/endpoint: (\S+)/);
    const endpoint = /endpoint: (\S+)/.exec(follow.stdout())![1];
    await follow.waitForOutput(/Following/);
    await fetch(`${endpoint}/first`, { method: 'POST', body: '{"n":1}', headers: { 'content-type': 'application/json' } });
    await follow.waitForOutput(/\d{4}-\d\d-\d\dT[\d:.]+Z {2}\d+-0 {2}POST \/first {2}\{"body":\{"n":1\}\}/);
    await follow.stop();

    const events = startCli(['--json', 'events', 'Followed', '-f', '-n', '5'], o());
    await events.waitForOutput(/POST \/first/);
    await fetch(`${endpoint}/second`, { method: 'POST', body: '{"n":2}', headers: { 'content-type': 'application/json' } });
    await events.waitForOutput(/POST \/second/);
    await events.stop();
    expect(events.records().map((r) => r.metadata.summary)).toEqual(['POST /first', 'POST /second']);
    expect(events.records()[1]).toMatchObject({ id: expect.stringMatching(/^\d+-\d+$/), indexed_at_ms: expect.any(Number), event: { body: { n: 2 } } });

    const tagged = startCli(['--json', 'deploy', 'greeter.mjs', '--name', 'Tagged', '--prop', 'who=Tag'], o());
    await waitFor(() => tagged.records().length > 0);
    const [summary] = tagged.records();
    await svc.runSource(summary.id);
    await waitFor(() => tagged.records().some((r) => r.type === 'event') && tagged.records().some((r) => r.type === 'log'));
    await tagged.stop();
    expect(tagged.records().find((r) => r.type === 'log')).toMatchObject({ stream: 'stdout', line: 'greeting Tag' });
  });

  it('list: sources (default), components, workflows, subscriptions, registry', async () => {
    const sources = await json('list');
    expect(sources.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Greeter', 'My Hook', 'Requests']));
    expect((await json('list', 'components')).map((c: { key: string }) => c.key)).toEqual(expect.arrayContaining(['cli-greeter', 'cli-adder']));
    expect((await json('list', 'workflows')).map((w: { name: string }) => w.name)).toEqual(expect.arrayContaining(['Adder', 'Adder HTTP']));
    expect(await json('list', 'subscriptions')).toEqual([]);
    expect((await json('list', 'registry')).map((r: { key: string }) => r.key)).toContain('rss-new-item-in-feed');
    const human = await cli('list');
    expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ACTIVE\s+COMPONENT\s+LAST EVENT\s+CREATED$/);
    expect(human.stdout).toMatch(/Greeter\s+yes\s+cli-greeter\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+\d{4}-\d\d-\d\dT[\d:.]+Z/);
    expect((await cli('list', 'nonsense')).stderr).toMatch(/^runnel list: cannot list "nonsense"/);
  });

  it('describe: a source, workflow or component by id, name, name slug or key', async () => {
    const byName = await json('describe', 'My Hook');
    expect(await json('describe', 'my-hook')).toEqual(byName);
    expect(await json('describe', byName.id)).toEqual(byName);
    expect(byName).toMatchObject({ name: 'My Hook', name_slug: 'my-hook', active: true });
    expect(await json('describe', 'Adder')).toMatchObject({ id: expect.stringMatching(/^p_/), steps: [{ name: 'adder' }] });
    expect(await json('describe', 'cli-adder')).toMatchObject({ id: expect.stringMatching(/^sc_/), type: 'action', key: 'cli-adder' });
    const human = await cli('describe', 'Greeter');
    expect(human.stdout).toMatch(/^source Greeter\nid:\s+dc_/);
    expect(human.stdout).toMatch(/created:\s+\d{4}-\d\d-\d\dT[\d:.]+Z/);
    const unknown = await cli('describe', 'Nobody Here');
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'runnel describe: no source, workflow or component named "Nobody Here" (try runnel list)\n' });
  });

  it('names that fit several resources are refused, listing them', async () => {
    await svc.createSource(HOOK, { name: 'Twin' });
    await svc.createWorkflow({ name: 'Twin', trigger: { type: 'manual' }, steps: [] });
    const r = await cli('describe', 'Twin');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^runnel describe: "Twin" is ambiguous: source "Twin" \(dc_\w+\), workflow "Twin" \(p_\w+\); give an id\n$/);
  });

  it('run: a source or workflow, with --event JSON, @file and a saved fixture; a failed run exits 1', async () => {
    const wf = await json('run', 'Adder', '--event', '{"b":2}');
    expect(wf).toMatchObject({ status: 'success', steps: [{ name: 'adder', $return_value: 42, exports: { seen: { b: 2 } } }] });
    writeFileSync(join(dir, 'event.json'), '{"b": 5}');
    expect((await json('run', 'Adder', '--event', '@event.json')).steps[0].$return_value).toBe(45);
    writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ runnel_fixture: 1, name: 'saved', event: { b: 7 } }));
    expect((await json('run', 'Adder', '--event', '@fixture.json')).steps[0].$return_value).toBe(47);

    const src = await json('run', 'Greeter', '--event', '{"x":1}');
    expect(src.emitted[0].event.event).toEqual({ x: 1 });
    const failed = await cli('run', 'Greeter', '--event', '{"fail":true}');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^failed in \d+ ms/);
    expect(failed.stderr).toBe('runnel run: run failed: Error: asked to fail\n');
    const bad = await cli('run', 'Greeter', '--event', '{nope');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^runnel run: --event is not valid JSON/);
    expect((await cli('run', 'Greeter', '--event', '@nofile.json')).stderr).toBe('runnel run: cannot read nofile.json: ENOENT\n');
  });

  it('events: the newest N, oldest first, -n 1..100; logs of sources and workflows', async () => {
    const id = (await json('describe', 'Greeter')).id;
    for (let i = 0; i < 3; i++) await svc.runSource(id, { i });
    const events = await json('events', 'Greeter', '-n', '2');
    expect(events.map((e: { event: { event: unknown } }) => e.event.event)).toEqual([{ i: 1 }, { i: 2 }]);
    expect((await cli('events', 'Greeter', '-n', '101')).stderr).toBe('runnel events: -n must be a whole number from 1 to 100, got "101"\n');
    expect((await cli('events', 'Greeter', '-n', '1')).stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}\d+-\d+ {2}hi Ada {2}\{"hi":"Hello, Ada"/);

    const logs = await json('logs', 'Greeter');
    expect(logs.at(-1)).toMatchObject({ stream: 'stdout', line: 'greeting Ada', ts: expect.any(Number) });
    expect((await cli('logs', 'Greeter')).stdout).toMatch(/\d{4}-\d\d-\d\dT[\d:.]+Z {2}greeting Ada\n$/);
    const wfLogs = await json('logs', 'Adder');
    expect(wfLogs.at(-1)).toMatchObject({ line: 'adding', step: 'adder', run_id: expect.stringMatching(/^r_/) });

    const follow = startCli(['--json', 'logs', 'Greeter', '-f'], o());
    await follow.waitForOutput(/greeting Ada/);
    // The backlog (the lines `logs` listed above) may arrive in several chunks: wait for all of it.
    await waitFor(() => follow.records().length >= logs.length);
    const before = follow.records().length;
    await svc.runSource(id, { i: 9 });
    await waitFor(() => follow.records().length > before);
    await follow.stop();
    expect(follow.records().slice(before)).toEqual([expect.objectContaining({ line: 'greeting Ada' })]);
  });

  it('update: code, name, props and state in place (same id); delete by name', async () => {
    const before = await json('describe', 'Greeter');
    writeFileSync(join(dir, 'lib.mjs'), 'export const greet = (who) => "Howdy, " + who;\n');
    const updated = await json('update', 'Greeter', '--code', 'greeter.mjs', '--name', 'Greeter Two', '--prop', 'who=Bo');
    expect(updated).toMatchObject({ id: before.id, name: 'Greeter Two', configured_props: { who: 'Bo' } });
    expect((await json('run', 'greeter-two')).emitted[0].event.hi).toBe('Howdy, Bo');
    expect(await json('update', before.id, '--deactivate')).toMatchObject({ active: false });
    expect((await cli('update', 'Greeter Two', '--activate')).stdout).toBe(`Updated source "Greeter Two" (${before.id})\n`);
    expect((await cli('update', 'Greeter Two')).stderr).toMatch(/^runnel update: nothing to update/);

    expect(await json('update', 'Adder', '--prop', 'a=100')).toMatchObject({ steps: [{ configured_props: { a: 100 } }] });
    expect((await json('run', 'Adder')).steps[0].$return_value).toBe(100);
    // A workflow's execution controls.
    const controls = ['--concurrency', '3', '--throttle', '20/minute', '--queue-size', '50', '--timeout', '120', '--memory', '512'];
    expect(await json('update', 'Adder', ...controls)).toMatchObject({
      concurrency: 3,
      throttle: { limit: 20, interval: 1, unit: 'minute' },
      queue_size: 50,
      timeout_seconds: 120,
      memory_mb: 512,
    });
    expect(await json('update', 'Adder', '--concurrency', 'unlimited', '--throttle', 'none')).toMatchObject({ concurrency: null, throttle: null });
    expect((await cli('update', 'Adder', '--throttle', 'fast')).stderr).toMatch(/^runnel update: --throttle takes LIMIT\/UNIT/);
    expect((await cli('update', 'Adder', '--memory', '128')).stderr).toMatch(/memory_mb must be at least 256/);
    expect((await cli('update', 'Greeter Two', '--concurrency', '2')).stderr).toMatch(/^runnel update: --concurrency.* workflow settings/);

    expect(await json('delete', 'Greeter Two')).toEqual({ id: before.id, deleted: true, type: 'source', name: 'Greeter Two' });
    expect((await svc.api(`/v1/sources/${before.id}`)).status).toBe(404);
    expect((await cli('delete', 'Adder HTTP')).stdout).toMatch(/^Deleted workflow "Adder HTTP" \(p_\w+\)\n$/);
    expect((await cli('delete', 'Greeter Two')).code).toBe(1);
  });

  it('subscribe / unsubscribe by names; list subscriptions', async () => {
    const sub = await json('subscribe', '--emitter', 'My Hook', '--listener', 'Adder');
    const hook = await json('describe', 'My Hook');
    const adder = await json('describe', 'Adder');
    expect(sub).toEqual({ id: expect.stringMatching(/^sub_/), emitter_id: hook.id, listener_id: adder.id, event_name: '' });
    expect(await json('list', 'subscriptions')).toEqual([sub]);
    expect((await cli('subscribe', '--emitter', 'dc_*', '--listener', 'Adder', '--channel', 'x')).stdout).toMatch(/^Subscribed Adder \(p_\w+\) to channel x of dc_\*/);
    expect(await json('unsubscribe', '--emitter', 'My Hook', '--listener', 'Adder')).toEqual({ emitter_id: hook.id, listener_id: adder.id, event_name: '', deleted: true });
    expect((await cli('unsubscribe', '--emitter', 'My Hook', '--listener', 'Adder')).stderr).toBe('runnel unsubscribe: there is no such subscription (see runnel list subscriptions)\n');
    expect((await cli('subscribe', '--emitter', 'My Hook', '--listener', 'My Hook')).stderr).toBe('runnel subscribe: no workflow named "My Hook" (try runnel list)\n');
  });

  it('publish / unpublish: refused for built-ins and while deployed', async () => {
    writeFileSync(
      join(dir, 'pub.mjs'),
      'export default { name: "Pub Thing", key: "cli_test-pub-thing", version: "1.0.0", type: "action", props: {}, async run() { return 1 } };\n',
    );
    const entry = await json('publish', 'pub.mjs');
    expect(entry).toMatchObject({ key: 'cli_test-pub-thing', version: '1.0.0', type: 'action', builtin: false });
    const wf = await json('deploy', 'cli_test-pub-thing', '--no-follow');
    const refused = await cli('unpublish', 'cli_test-pub-thing');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`runnel unpublish: cli_test-pub-thing is used by workflow Pub Thing (${wf.id}); delete them or move them to another component first\n`);
    await json('delete', wf.id);
    expect(await json('unpublish', 'cli_test-pub-thing')).toEqual({ key: 'cli_test-pub-thing', deleted: true, versions: ['1.0.0'] });
    expect((await cli('unpublish', 'cli_test-pub-thing')).stderr).toBe('runnel unpublish: No registry component with key "cli_test-pub-thing"\n');
    expect((await cli('unpublish', 'rss-new-item-in-feed')).stderr).toBe('runnel unpublish: rss-new-item-in-feed ships with Runnel and cannot be unpublished\n');
  });
});
