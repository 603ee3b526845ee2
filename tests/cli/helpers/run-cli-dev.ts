import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { waitFor } from '../../helpers/service';
import { tempDir } from '../../helpers/temp-dir';

const BIN = resolve('bin/runnel.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface DevProcess {
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** With `--json`: every record printed so far. */
  records(): any[];
  /** Waits for a `--json` record matching `pred`, at or after index `from`; returns it. */
  waitForRecord(pred: (r: any) => boolean, from?: number, timeoutMs?: number): Promise<any>;
  /** Waits until stdout+stderr match. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** An environment that reaches `url` with `apiKey` and never reads a real ~/.config. */
export function cliEnv(url: string, apiKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    RUNNEL_URL: url,
    RUNNEL_API_KEY: apiKey,
    RUNNEL_CONFIG: join(tempDir('runnel-cfg-'), 'config.json'),
    ...extra,
  };
}

/** Starts the built `runnel` with `args` as a user would, and keeps it running. */
export function startCli(args: string[], o: { env: Record<string, string>; cwd?: string }): DevProcess {
  const proc = spawn(process.execPath, [BIN, ...args], { env: o.env, cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const records = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
  const handle: DevProcess = {
    proc,
    stdout: () => out,
    stderr: () => err,
    records,
    exited,
    async waitForRecord(pred, from = 0, timeoutMs = 10_000) {
      let found: any;
      try {
        await waitFor(() => (found = records().slice(from).find(pred)) !== undefined || proc.exitCode !== null, timeoutMs, 5);
      } catch {
        /* reported below */
      }
      if (found === undefined) throw new Error(`no such record within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`);
      return found;
    },
    async waitForOutput(re, timeoutMs = 10_000) {
      try {
        await waitFor(() => re.test(out + err) || proc.exitCode !== null, timeoutMs, 5);
      } catch {
        /* reported below */
      }
      if (!re.test(out + err)) throw new Error(`output never matched ${re}\nstdout:\n${out}\nstderr:\n${err}`);
    },
    async stop(signal = 'SIGINT') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  return handle;
}

/** Runs the built `runnel` to completion. */
export async function runCliDev(args: string[], o: { env: Record<string, string>; cwd?: string }): Promise<CliRun> {
  const p = startCli(args, o);
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}
