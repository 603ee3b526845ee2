import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

describe('where the CLI connects: flags, then env, then a profile, then the data dir', () => {
  const svc = useService();
  const cfgDir = tempDir('runnel-cfg-');
  const emptyDataDir = tempDir('runnel-nodata-');
  const profile = (key: string, url = svc.url) => {
    const file = join(cfgDir, `config-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ default: 'home', profiles: { home: { url, api_key: key }, other: { url, api_key: key } } }));
    return file;
  };
  const list = (args: string[], env: Record<string, string>) => runCli(['list', ...args], { env: { RUNNEL_DATA_DIR: emptyDataDir, ...env } });
  const refused = (from: string) => `runnel list: the API key was refused by ${svc.url} (wrong key for this service; key from ${from})\n`;

  it('the data dir key file, on the local port, when nothing else is set', async () => {
    expect(await list([], { RUNNEL_DATA_DIR: svc.dataDir, RUNNEL_PORT: String(svc.port) })).toMatchObject({ code: 0, stdout: 'No sources.\n' });
    const none = await list([], { RUNNEL_PORT: String(svc.port) });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^runnel list: no API key: pass --api-key, set RUNNEL_API_KEY/);
  });

  it('a profile beats the data dir; a named profile must exist', async () => {
    expect((await list([], { RUNNEL_CONFIG: profile(svc.apiKey), RUNNEL_DATA_DIR: svc.dataDir })).code).toBe(0);
    expect((await list([], { RUNNEL_CONFIG: profile('wrong'), RUNNEL_DATA_DIR: svc.dataDir, RUNNEL_PORT: String(svc.port) })).stderr).toBe(refused('profile'));
    expect((await list(['--profile', 'other'], { RUNNEL_CONFIG: profile(svc.apiKey) })).code).toBe(0);
    const missing = await runCli(['--profile', 'nope', 'list'], { env: { RUNNEL_CONFIG: profile(svc.apiKey) } });
    expect(missing.stderr).toMatch(/^runnel list: no profile "nope" in /);
  });

  it('env beats a profile, and flags beat env', async () => {
    expect((await list([], { RUNNEL_CONFIG: profile('wrong'), RUNNEL_URL: svc.url, RUNNEL_API_KEY: svc.apiKey })).code).toBe(0);
    expect((await list([], { RUNNEL_CONFIG: profile(svc.apiKey), RUNNEL_API_KEY: 'wrong' })).stderr).toBe(refused('env'));
    expect((await runCli(['--url', svc.url, '--api-key', svc.apiKey, 'list'], { env: { RUNNEL_URL: 'http://127.0.0.1:9', RUNNEL_API_KEY: 'wrong' } })).code).toBe(0);
    const wrongFlag = await runCli(['--api-key', 'wrong', 'list'], { env: { RUNNEL_URL: svc.url, RUNNEL_API_KEY: svc.apiKey } });
    expect(wrongFlag).toMatchObject({ code: 1, stdout: '', stderr: refused('flags') });
  });

  it('an unreachable URL is one line and exit 1, on every verb that connects', async () => {
    for (const args of [['list'], ['describe', 'x'], ['events', 'x'], ['logs', 'x'], ['run', 'x'], ['delete', 'x'], ['unpublish', 'x'], ['deploy', 'some-key', '--no-follow']]) {
      const r = await runCli(['--url', 'http://127.0.0.1:9', '--api-key', 'k', ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`^runnel ${args[0]}: cannot reach Runnel at http://127\\.0\\.0\\.1:9 \\([^\\n]+\\); is runnel serve running\\?\\n$`));
    }
  });
});
