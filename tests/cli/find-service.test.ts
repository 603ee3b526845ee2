// Issue 18, item 2: after `npm run serve -- --port 4711 --data-dir X` the CLI could not reach the
// service (it looked on 4620 with the default data dir's key, and `--data-dir` was an unknown
// option). A running service now announces itself; the CLI finds it with no flags, with
// `--data-dir`, and asks which one when several run.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startService, waitFor, type ServiceHandle } from '../helpers/service';
import { runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

const SOURCE = `export default {
  name: "Found", version: "0.0.1", type: "source",
  async run() { this.$emit({ ok: true }); },
};
`;

describe('the CLI finds the service running on this machine', () => {
  const running: ServiceHandle[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop();
  });
  // Each test announces its services in a state dir of its own: what one test starts, another never finds.
  const serve = async (state: string) => {
    const svc = await startService({ port: await freePort(), env: { RUNNEL_STATE_DIR: state } });
    running.push(svc);
    return svc;
  };
  // No RUNNEL_URL, RUNNEL_API_KEY, RUNNEL_DATA_DIR or RUNNEL_PORT: what a new user's shell has.
  const cli = (args: string[], stateDir: string) => runCli(args, { env: { RUNNEL_STATE_DIR: stateDir } });
  const files = tempDir('runnel-find-');
  writeFileSync(join(files, 'f.mjs'), SOURCE);

  it('with no flags, with --data-dir, and `open --data-dir` on its URL', async () => {
    const state = tempDir('runnel-state-');
    const svc = await serve(state);
    expect(svc.port).not.toBe(4620);

    const deployed = await runCli(['deploy', 'f.mjs', '--no-follow'], { cwd: files, env: { RUNNEL_STATE_DIR: state } });
    expect(deployed.stderr).toBe('');
    expect(deployed.code).toBe(0);
    expect((await svc.json('/v1/users/me/sources')).data.map((s: { name: string }) => s.name)).toEqual(['Found']);
    expect(await cli(['list'], state)).toMatchObject({ code: 0, stderr: '' });

    // --data-dir alone is enough, whatever is announced (here: nothing).
    const empty = tempDir('runnel-state-');
    expect(await cli(['--data-dir', svc.dataDir, 'list'], empty)).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(['list', '--data-dir', svc.dataDir], empty)).toMatchObject({ code: 0, stderr: '' });
    const open = await cli(['open', '--data-dir', svc.dataDir], empty);
    expect(open.stderr).toBe('');
    expect(open.stdout).toMatch(new RegExp(`^Open ${svc.url.replace(/\./g, '\\.')}/\\?token=\\S+\\n$`));
  });

  it('several running: --data-dir picks one, none named says which to choose; a killed one is ignored', async () => {
    const state = tempDir('runnel-state-');
    const [a, b] = [await serve(state), await serve(state)];
    await a.createSource(SOURCE);
    const both = await cli(['list'], state);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('runnel list: 2 Runnel services are running: ');
    expect(both.stderr).toContain(`${a.url} (data dir ${a.dataDir}, pid ${a.proc.pid})`);
    expect(both.stderr).toContain(`${b.url} (data dir ${b.dataDir}, pid ${b.proc.pid})`);
    expect(both.stderr).toMatch(/choose one with --data-dir <dir> or --url <url>\n$/);
    const onB = await runCli(['--json', 'list', '--data-dir', b.dataDir], { env: { RUNNEL_STATE_DIR: state } });
    expect(JSON.parse(onB.stdout)).toEqual([]); // b has no sources; a has "Found"

    // Killed: its announcement stays behind but is not believed.
    await b.kill9();
    expect(readdirSync(join(state, 'services'))).toContain(`${b.proc.pid}.json`);
    const after = await runCli(['--json', 'list'], { env: { RUNNEL_STATE_DIR: state } });
    expect(after.stderr).toBe('');
    expect(JSON.parse(after.stdout).map((s: { name: string }) => s.name)).toEqual(['Found']);
  });

  it('a service that cannot write its announcement still starts, and says the CLI will not find it', async () => {
    const notADir = join(tempDir('runnel-state-'), 'file');
    writeFileSync(notADir, '');
    const svc = await startService({ env: { RUNNEL_STATE_DIR: notADir } });
    running.push(svc);
    await waitFor(() => svc.stderr().includes('the CLI will not find this service by itself: '), 5_000);
    expect((await svc.api('/v1/users/me')).status).toBe(200);
  });

  it('a service started on a relative --data-dir is found from another folder; stopped, it takes its announcement back', async () => {
    const state = tempDir('runnel-state-');
    const dataDir = relative(process.cwd(), tempDir('runnel-rel-'));
    const svc = await startService({ port: await freePort(), dataDir, env: { RUNNEL_STATE_DIR: state } });
    const elsewhere = join(tempDir('runnel-cwd-'), 'a', 'b', 'c');
    mkdirSync(elsewhere, { recursive: true });
    const r = await runCli(['--json', 'list', '--url', svc.url], { cwd: elsewhere, env: { RUNNEL_STATE_DIR: state } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([]);
    const file = join(state, 'services', `${svc.proc.pid}.json`);
    expect(existsSync(file)).toBe(true);
    await svc.stop();
    expect(existsSync(file)).toBe(false);
  });
});
