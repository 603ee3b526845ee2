import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { waitFor, type ServiceHandle } from '../../helpers/service';
import { tempDir } from '../../helpers/temp-dir';

const BIN = resolve('bin/runnel.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Extra environment (on top of PATH, HOME and a temp RUNNEL_CONFIG; nothing else leaks in). */
  env?: Record<string, string>;
  cwd?: string;
  /** Text written to stdin (then closed). */
  input?: string;
}

/** A config path that does not exist, so a real ~/.config/runnel never leaks into a test. */
export const noConfig = () => join(tempDir('runnel-cfg-'), 'config.json');

/** A state dir with no running services announced in it. */
export const noStateDir = () => tempDir('runnel-state-');

/** Environment that points the CLI at `svc` through RUNNEL_URL/RUNNEL_API_KEY. */
export function envFor(svc: ServiceHandle): Record<string, string> {
  return { RUNNEL_URL: svc.url, RUNNEL_API_KEY: svc.apiKey };
}

function baseEnv(o: CliOptions): NodeJS.ProcessEnv {
  // An empty state dir: services announced on this machine (a real one, or another test's) are never found.
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RUNNEL_CONFIG: noConfig(), RUNNEL_STATE_DIR: noStateDir(), NO_COLOR: '1', ...(o.env ?? {}) };
}

/** Runs the built CLI (`node bin/runnel.js …`) to completion. */
export function runCli(args: string[], o: CliOptions = {}): Promise<CliResult> {
  return new Promise((res, rej) => {
    const proc = spawn(process.execPath, [BIN, ...args], { env: baseEnv(o), cwd: o.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += d));
    proc.stderr.on('data', (d) => (stderr += d));
    proc.on('error', rej);
    proc.on('close', (code) => res({ code: code ?? -1, stdout, stderr }));
    proc.stdin.end(o.input ?? '');
  });
}

/**
 * Runs the built CLI as a new user would: a bare environment (CI set), in a process group of its
 * own so that everything it starts dies with it when it is killed after `timeoutMs` (code null).
 */
export function runBareCli(args: string[], cwd: string, timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: baseEnv({ env: { CI: '1' } }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      res({ code, stdout, stderr });
    });
  });
}

/** `runCli` with `--json`, parsing stdout; throws with stderr when the exit is not 0. */
export async function cliJson<T = any>(args: string[], o: CliOptions = {}): Promise<T> {
  const r = await runCli(['--json', ...args], o);
  if (r.code !== 0) throw new Error(`runnel ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** A CLI process that keeps running (`-f`, `deploy` following): read its output while it runs. */
export interface RunningCli {
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Waits until stdout matches. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<void>;
  /** Lines of stdout parsed as JSON (for `--json` streams). */
  records<T = any>(): T[];
  stop(): Promise<void>;
}

export function startCli(args: string[], o: CliOptions = {}): RunningCli {
  const proc = spawn(process.execPath, [BIN, ...args], { env: baseEnv(o), cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d) => (stdout += d));
  proc.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((r) => proc.once('close', () => r()));
  return {
    proc,
    stdout: () => stdout,
    stderr: () => stderr,
    async waitForOutput(re, timeoutMs = 10_000) {
      try {
        await waitFor(() => re.test(stdout) || proc.exitCode !== null, timeoutMs);
      } catch {
        /* reported below */
      }
      if (!re.test(stdout)) throw new Error(`no ${re} in the output of runnel ${args.join(' ')}\nstdout: ${stdout}\nstderr: ${stderr}`);
    },
    records: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l)),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}
