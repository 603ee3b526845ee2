// Issue 14, item 8: two services on one data dir silently lost data. The first start holds an
// exclusive lock; a second refuses before it writes anything, naming the first; a lock whose
// process is dead is taken over; a clean stop releases it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitter } from '../fixtures/components';
import { removeDir, startService, waitFor, type ServiceHandle } from '../helpers/service';

const LOCK = 'runnel.lock';

/** Starts `runnel serve` expecting it to refuse: its exit code and stderr (or the listening line). */
function serveExpectingRefusal(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const proc = spawn(process.execPath, [resolve('bin/runnel.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => {
      stdout += d;
      // It started after all: stop it so the test reports the failure instead of hanging.
      if (/Runnel listening on/.test(stdout)) proc.kill('SIGTERM');
    });
    proc.stderr.on('data', (d) => (stderr += d));
    proc.once('exit', (code) => res({ code, stdout, stderr }));
  });
}

/** Every file of the dir but the lock, with its size, mtime and content hash. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p !== join(dir, LOCK)) {
        const s = statSync(p);
        out[p.slice(dir.length)] = `${s.size} ${s.mtimeMs} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`;
      }
    }
  };
  walk(dir);
  return out;
}

const sourceNames = async (svc: ServiceHandle) => (await svc.json('/v1/users/me/sources?limit=100')).data.map((s: { name: string }) => s.name).sort();

describe('the data-dir lock', () => {
  const dirs: string[] = [];
  const running: ServiceHandle[] = [];
  const newDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'runnel-lock-'));
    dirs.push(d);
    return d;
  };
  const start = async (dataDir: string) => {
    const s = await startService({ dataDir });
    running.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of running) await s.stop();
    for (const d of dirs) removeDir(d);
  });

  it('refuses a second service on the same dir, naming the first, and touches nothing of it', async () => {
    const dir = newDir();
    const first = await start(dir);
    await first.createSource(emitter, { name: 'made by the first' });
    const lock = JSON.parse(readFileSync(join(dir, LOCK), 'utf8'));
    expect(lock).toMatchObject({ pid: first.proc.pid, url: first.url });
    const before = snapshot(dir);

    const second = await serveExpectingRefusal(dir);
    expect(second.stdout).not.toMatch(/listening/);
    expect(second.code).toBeGreaterThan(0);
    expect(second.stderr).toMatch(
      new RegExp(`another Runnel \\(pid ${first.proc.pid}, started .+, ${first.url.replace(/[.]/g, '\\.')}\\) is using ${dir.replace(/[.]/g, '\\.')}; stop it or choose another --data-dir`),
    );
    expect(snapshot(dir)).toEqual(before);
    // The first keeps working with its data.
    expect(await sourceNames(first)).toEqual(['made by the first']);
    expect((await first.api('/v1/users/me')).status).toBe(200);
  });

  it('creates nothing in a dir another live process holds: no api-key, runnel.json or secrets.key', async () => {
    const dir = newDir();
    // A live holder: this test process itself.
    writeFileSync(join(dir, LOCK), JSON.stringify({ pid: process.pid, started_at: new Date().toISOString(), url: null, hostname: hostname() }));
    const r = await serveExpectingRefusal(dir);
    expect(r.code).toBeGreaterThan(0);
    expect(r.stderr).toContain(`another Runnel (pid ${process.pid}, started `);
    expect(readdirSync(dir)).toEqual([LOCK]);
  });

  it('takes over the lock of a service killed with SIGKILL, and says so', async () => {
    const dir = newDir();
    const first = await start(dir);
    await first.createSource(emitter, { name: 'before the crash' });
    const deadPid = first.proc.pid;
    await first.kill9();
    expect(existsSync(join(dir, LOCK))).toBe(true);
    const next = await start(dir);
    expect(next.stderr()).toMatch(new RegExp(`took over .*lock.*pid ${deadPid}`));
    expect(JSON.parse(readFileSync(join(dir, LOCK), 'utf8')).pid).toBe(next.proc.pid);
    expect(await sourceNames(next)).toEqual(['before the crash']);
  });

  it('takes over a lock whose pid now belongs to a younger process (a pid reused), to a zombie, or that is unreadable', async () => {
    const reused = newDir();
    // This test process is alive, but it started long after this lock was taken.
    writeFileSync(join(reused, LOCK), JSON.stringify({ pid: process.pid, started_at: '2001-01-01T00:00:00.000Z', url: 'http://127.0.0.1:4620', hostname: hostname() }));
    const svc = await start(reused);
    expect(svc.stderr()).toMatch(new RegExp(`took over .*lock.*pid ${process.pid}`));
    // A holder that exited but was never reaped by its parent (a zombie) holds nothing either.
    const zombieDir = newDir();
    // The child must exit after the shell has become `sleep` (which never reaps it): a child
    // that exits while the shell still runs may be reaped by the shell, and is then gone.
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 20'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombiePid = Number(await new Promise<string>((r) => parent.stdout.once('data', (d) => r(String(d)))));
    await waitFor(() => /\) Z /.test(readFileSync(`/proc/${zombiePid}/stat`, 'utf8')));
    writeFileSync(join(zombieDir, LOCK), JSON.stringify({ pid: zombiePid, started_at: new Date().toISOString(), url: null, hostname: hostname() }));
    try {
      const afterZombie = await start(zombieDir);
      expect(afterZombie.stderr()).toMatch(new RegExp(`took over .*lock.*pid ${zombiePid}`));
    } finally {
      parent.kill();
    }
    const garbled = newDir();
    writeFileSync(join(garbled, LOCK), '{"pid": 12');
    const other = await start(garbled);
    expect(other.stderr()).toMatch(/took over .*lock.*unreadable/);
    expect(JSON.parse(readFileSync(join(garbled, LOCK), 'utf8')).pid).toBe(other.proc.pid);
  });

  it('releases the lock on a clean stop', async () => {
    const dir = newDir();
    const svc = await start(dir);
    expect(existsSync(join(dir, LOCK))).toBe(true);
    await svc.stop();
    expect(existsSync(join(dir, LOCK))).toBe(false);
  });

  it('loses no source in the scenario of the issue: two serves on one dir, a source on each, stop both, restart', async () => {
    const dir = newDir();
    const a = await start(dir);
    let b: ServiceHandle | undefined;
    let refused: unknown;
    try {
      b = await start(dir);
    } catch (err) {
      refused = err;
    }
    await a.createSource(emitter, { name: 'on a' });
    // Refused, the user creates the second source on the one service there is.
    await (b ?? a).createSource(emitter, { name: 'on b' });
    await a.stop();
    await b?.stop();
    const again = await start(dir);
    expect(await sourceNames(again)).toEqual(['on a', 'on b']);
    expect(String(refused)).toMatch(/another Runnel/);
  });
});
