import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { cliJson, envFor, runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

describe('runnel init: every starter deploys and runs as written', () => {
  const svc = useService();
  const cwd = tempDir('runnel-init-');
  const o = () => ({ env: envFor(svc), cwd });
  const cli = (...args: string[]) => runCli(args, o());
  const json = <T = any>(...args: string[]) => cliJson<T>(args, o());

  it('source (timer by default, with db): deploys with its default schedule and counts runs', async () => {
    expect(await json('init', 'source', 'ticker', '--db')).toEqual({ file: join(cwd, 'ticker.mjs'), kind: 'source' });
    const d = await json('deploy', 'ticker.mjs', '--no-follow');
    expect(d).toMatchObject({ type: 'source', name: 'Ticker', resource: { configured_props: { timer: { interval_seconds: 60 } } } });
    const first = await json('run', 'ticker');
    const second = await json('run', 'ticker');
    expect(first.emitted[0].event).toMatchObject({ count: 1, timestamp: expect.any(Number) });
    expect(second.emitted[0].event.count).toBe(2);
    expect(first.emitted[0].metadata.summary).toMatch(/^tick at \d{4}-\d\d-\d\dT/);
  });

  it('source --http: answers its endpoint and emits the request', async () => {
    await json('init', 'source', 'inbox', '--http');
    const d = await json('deploy', 'inbox.mjs', '--no-follow');
    const res = await fetch(`${d.endpoint_url}/hello`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(await res.json()).toEqual({ received: true });
    const [ev] = await json('events', 'inbox');
    expect(ev.event).toEqual({ method: 'POST', path: '/hello', body: { a: 1 } });
    expect(readFileSync(join(cwd, 'inbox.mjs'), 'utf8')).not.toContain('timer');
  });

  it('action --db: a one-step workflow with a manual trigger', async () => {
    await json('init', 'action', 'greet', '--db');
    const d = await json('deploy', 'greet.mjs', '--no-follow');
    expect(d.resource.trigger).toEqual({ type: 'manual' });
    const run = await json('run', 'greet', '--event', '{"name":"Ada"}');
    expect(run.steps[0]).toMatchObject({ status: 'success', $return_value: { message: 'Hello, Ada!', runs: 1 }, summary: 'Hello, Ada!' });
    expect((await json('run', 'greet')).steps[0].$return_value).toEqual({ message: 'Hello, world!', runs: 2 });
  });

  it('action --http: deployed behind an HTTP trigger, answers the request with $.respond', async () => {
    await json('init', 'action', 'responder', '--http');
    const d = await json('deploy', 'responder.mjs', '--no-follow');
    expect(d.resource.trigger.type).toBe('http');
    const res = await fetch(d.endpoint_url, { method: 'POST', body: '{"name":"Bo"}', headers: { 'content-type': 'application/json' } });
    expect(await res.json()).toEqual({ message: 'Hello, Bo!' });
    expect((await json('run', 'responder', '--event', '{"name":"Cy"}')).status).toBe('success');
  });

  it('app: an app prop with methods using $auth, run with a connected account', async () => {
    await json('init', 'app', 'weather');
    const text = readFileSync(join(cwd, 'weather.mjs'), 'utf8');
    expect(text).toContain('type: "app"');
    expect(text).toContain('methods: {');
    // Without an account it deploys (an app may need no credentials); reading one fails the run, saying what to do.
    const unconnected = await json('deploy', 'weather.mjs', '--no-follow');
    const failed = await svc.runWorkflow(unconnected.id);
    expect(failed.steps[0].error.message).toMatch(/^Runnel: this\.weather\.\$auth\.api_key is not set: prop "weather" has no connected weather account/);
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'weather', name: 'Mine', auth: { api_key: 'k-123456' } } })).data;
    const d = await json('deploy', 'weather.mjs', '--no-follow', '--prop', `weather={"account_id":"${account.id}"}`);
    expect(d).toMatchObject({ type: 'workflow', name: 'Weather Get Item' });
    const run = await json('run', d.id);
    expect(run.steps[0].$return_value).toEqual({ id: '1', url: 'https://api.example.com/v1/items/1', authorized: true });
  });

  it('refuses to overwrite, and refuses unknown kinds', async () => {
    const before = readFileSync(join(cwd, 'greet.mjs'), 'utf8');
    const again = await cli('init', 'action', 'greet');
    expect(again).toMatchObject({ code: 1, stderr: `runnel init: ${join(cwd, 'greet.mjs')} already exists; not overwriting it\n` });
    expect(readFileSync(join(cwd, 'greet.mjs'), 'utf8')).toBe(before);
    expect((await cli('init', 'widget', 'x')).stderr).toBe('runnel init: cannot init "widget": choose app, action or source\n');
    expect((await cli('init', 'action', 'x', '--timer')).code).toBe(1);
    expect(existsSync(join(cwd, 'x.mjs'))).toBe(false);
    expect((await cli('init', 'source', 'plain')).stdout).toBe(`Wrote ${join(cwd, 'plain.mjs')}\nNext: runnel deploy ${join(cwd, 'plain.mjs')}\n`);
  });
});
