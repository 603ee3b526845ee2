// Issue 14, "defence in depth at the OS level": SES is one wall; runners are also started
// under Node's permission model (reads of their own files only, writes to the scratch root
// only, no child processes, workers or native code), without new privileges, and as `nobody`
// when the service runs as root. Tested apart from SES: a runner entry that behaves like code
// that got out of its compartment is started exactly as the pool starts runners.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { runnerPids } from '../helpers/processes';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PYTHON_RUNNER_PACKAGES, RUNNER_PACKAGES } from '../../src/main/sandbox/client/os-wall/read-grants';
import { RunnerLauncher } from '../../src/main/sandbox/client/os-wall/runner-launch';
import { useService } from '../helpers/service';
import { makePool, memoryLogger, run } from '../sandbox/sandbox-helpers';

const ESCAPED = resolve('tests/fixtures/runners/escaped-runner.mjs');
const CHECKOUT = resolve('.');
const AS_ROOT = process.getuid?.() === 0;

/** Whether every folder from `path` up to / may be searched by other users (`nobody` among them). */
function searchableByOthers(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Runners run as `nobody` when the service runs as root on Linux and `nobody` can reach the
 * files a runner starts from. A checkout in a private folder (`mktemp -d` makes one 0700) cannot
 * be reached: the service then keeps runners as its own user, and GET /v1/system says so.
 */
const AS_NOBODY = AS_ROOT && process.platform === 'linux' && searchableByOthers(CHECKOUT);
const REFUSED = ['ERR_ACCESS_DENIED', 'EACCES'];

/** A data dir as the service keeps it, inside the checkout (users do: `--data-dir ./my-data`). */
function dataDir(): string {
  const dir = mkdtempSync(join(CHECKOUT, '.os-wall-test-'));
  chmodSync(dir, 0o700);
  writeFileSync(join(dir, 'api-key'), 'the-api-key', { mode: 0o600 });
  writeFileSync(join(dir, 'secrets.key'), 'the-secrets-key', { mode: 0o600 });
  writeFileSync(join(dir, 'evil.node'), '');
  mkdirSync(join(dir, 'scratch'), { mode: 0o700 });
  return dir;
}

/** Starts the escaped runner with the launch the pool would use, and returns what it reports. */
async function escape(dir: string, osWall: boolean, launch: { scratch?: boolean; packages?: readonly string[] } = {}): Promise<Record<string, unknown>> {
  const launcher = new RunnerLauncher({ entry: ESCAPED, scratchRoot: join(dir, 'scratch'), osWall, logger: memoryLogger(), ...launch });
  const { command, args, options } = launcher.launch(256);
  const child = spawn(command, [...args, dir, join(dir, 'scratch', 'dc_escaped'), CHECKOUT], options);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  await new Promise((r) => child.once('close', r));
  expect(out, err).toMatch(/^\{/);
  return JSON.parse(out) as Record<string, unknown>;
}

describe('the OS wall, without SES', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses an escaped runner the data dir, the checkout, writes outside scratch, processes, workers and native code', async () => {
    const dir = dataDir();
    dirs.push(dir);
    const r = await escape(dir, true);
    expect(REFUSED).toContain(r.readApiKey);
    expect(REFUSED).toContain(r.readSecretsKey);
    expect(REFUSED).toContain(r.listDataDir);
    expect(REFUSED).toContain(r.readPasswd);
    expect(REFUSED).toContain(r.readCheckout);
    expect(REFUSED).toContain(r.writeDataDir);
    expect(REFUSED).toContain(r.writeTmp);
    expect(r.spawn).toBe('ERR_ACCESS_DENIED');
    expect(r.worker).toBe('ERR_ACCESS_DENIED');
    expect(r.dlopen).toBe('ERR_DLOPEN_DISABLED');
    expect(r.setEngine).toBe('ERR_CRYPTO_CUSTOM_ENGINE_NOT_SUPPORTED');
    // What it may do still works: its scratch folder.
    expect(r.writeScratch).toBe('ok');
    expect(readFileSync(join(dir, 'scratch', 'dc_escaped', 'allowed.txt'), 'utf8')).toBe('fine');
    expect(existsSync(join(dir, 'planted.txt'))).toBe(false);
    if (AS_NOBODY) expect(r.uid).toBe(65534);
  });

  it("refuses a runner started as Python runners are even the scratch root (Python's files are in memory)", async () => {
    const dir = dataDir();
    dirs.push(dir);
    const r = await escape(dir, true, { scratch: false, packages: PYTHON_RUNNER_PACKAGES });
    expect(REFUSED).toContain(r.readApiKey);
    expect(REFUSED).toContain(r.readCheckout);
    expect(REFUSED).toContain(r.writeScratch);
    expect(r.spawn).toBe('ERR_ACCESS_DENIED');
    expect(existsSync(join(dir, 'scratch', 'dc_escaped', 'allowed.txt'))).toBe(false);
  });

  it('is what stops it: the same runner started without the wall reads the API key', async () => {
    const dir = dataDir();
    dirs.push(dir);
    const r = await escape(dir, false);
    expect(r.readApiKey).toBe('ok');
    expect(r.spawn).toBe('ok');
  });

  it.each([
    ['out/main/runner.js', RUNNER_PACKAGES],
    ['out/main/python-runner.js', PYTHON_RUNNER_PACKAGES],
  ])('grants reads of the packages the built runner (%s) imports, and no others', (entry, packages) => {
    const seen = new Set<string>();
    const bare = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/(?:^|\n)\s*import\s+(?:[^'"]*?from\s+)?["']([^"']+)["']/g)) {
        const spec = m[1];
        if (spec.startsWith('.')) visit(resolve(file, '..', spec));
        else if (!spec.startsWith('node:')) bare.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
      }
    };
    visit(resolve(entry));
    expect([...bare].sort()).toEqual([...packages].sort());
  });
});

describe.runIf(AS_ROOT && process.platform === 'linux')('a root service whose runner files nobody can reach', () => {
  it('keeps runners as root and says why in its log', () => {
    const dir = mkdtempSync(join(CHECKOUT, '.os-wall-private-'));
    try {
      chmodSync(dir, 0o700);
      writeFileSync(join(dir, 'runner.js'), '');
      const logger = memoryLogger();
      const launcher = new RunnerLauncher({ entry: join(dir, 'runner.js'), scratchRoot: join(dir, 'scratch'), logger });
      expect(launcher.layers.unprivileged_user).toBeNull();
      const warned = logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg);
      // The first thing on the way it cannot pass: the private folder here, or one above it.
      expect(warned.join('\n')).toMatch(/^sandbox runners run as root, not as nobody: \/\S* is not (readable|searchable) by nobody$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the memory cap under the permission model', () => {
  const bomb = `export default { async run() { const a = []; while (true) a.push(new Uint8Array(32 * 1024 * 1024).fill(1)); } }`;

  it.each(['parent', 'runner-worker'] as const)('is enforced by the %s watchdog', async (memoryWatchdog) => {
    // Where there is no /proc, the runner watches itself from a worker thread (with --allow-worker).
    const pool = makePool({ maxRunners: 1, memoryCapMb: 96, memoryWatchdog });
    try {
      const { outcome } = await run(pool, bomb, { timeoutMs: 20_000 });
      expect(outcome.error?.name).toBe('OutOfMemoryError');
      expect(outcome.error?.message).toMatch(/more than its 96 MB memory cap \(the runner reached \d+ MB resident\)/);
      expect(pool.layers.memory_watchdog).toBe(memoryWatchdog);
      expect(pool.layers.node_permissions).not.toBeNull();
    } finally {
      await pool.dispose();
    }
  });
});

describe('the OS wall of a running service', () => {
  const svc = useService();

  it('reports its layers in GET /v1/system, and its runners really run with them', async () => {
    const src = await svc.createSource(`export default { name: "Probe", version: "1", async run() { return 1; } }`);
    // A runner started and ran: a layer dropped at start would show below.
    expect((await svc.runSource(src.id)).ok).toBe(true);
    const { sandbox } = (await svc.json('/v1/system')).data;
    const linux = process.platform === 'linux';
    expect(sandbox).toEqual({
      ses: true,
      node_permissions: process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission',
      unprivileged_user: AS_NOBODY ? 'nobody' : null,
      no_new_privs: linux && (existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv')),
      memory_watchdog: linux ? 'parent' : 'runner-worker',
    });
    if (!linux) return;
    const pids = runnerPids(svc.proc.pid!);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toContain(sandbox.node_permissions);
      expect(cmdline.some((a) => a.startsWith('--allow-fs-write='))).toBe(true);
      expect(cmdline.filter((a) => /^--allow-(child-process|worker|addons)/.test(a))).toEqual([]);
      if (sandbox.no_new_privs) expect(status).toMatch(/^NoNewPrivs:\s+1$/m);
      if (AS_NOBODY) expect(status).toMatch(/^Uid:\s+65534\s/m);
    }
  });
});
