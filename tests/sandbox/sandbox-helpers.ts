// Shared setup for the sandbox tests: a pool on the built runner and a one-call way to run a
// component's source in it. The runner must be built first (`npm run build`); set
// RUNNEL_RUNNER_ENTRY to test another build.
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileComponent } from '../../src/main/runtime/compile-component';
import type { Logger } from '../../src/main/logger';
import { RunnerPool, type RunnerPoolOptions } from '../../src/main/sandbox/client/runner-pool';
import type { HttpResponseSpec, InvokeOutcome, InvokeRequest, LogStream } from '../../src/main/domain/invocations';
import { tempDir } from '../helpers/temp-dir';

export const runnerEntry = resolve(process.env.RUNNEL_RUNNER_ENTRY ?? 'out/main/runner.js');

export interface LoggedLine {
  level: string;
  msg: string;
}

/** A logger that remembers what the pool reported. */
export function memoryLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (msg) => lines.push({ level: 'info', msg }),
    warn: (msg) => lines.push({ level: 'warn', msg }),
    error: (msg, err) => lines.push({ level: 'error', msg: `${msg} ${String(err)}` }),
  };
}

/**
 * The scratch root of the pools tests make, and where `request()` puts scratch folders by
 * default: runners may write nowhere else. Removed after the test file (a worker process may
 * outlive it, so not on its exit).
 */
const defaultRoot = tempDir('runnel-sandbox-test-');
export const defaultScratch = { dir: defaultRoot };

/**
 * A temp folder for the scratch folders of the instances a test file runs, inside the pools'
 * scratch root (make it before the pool: a pool gives what is there to the runners' user).
 */
export function scratchRoot(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(defaultRoot, 'files-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function makePool(o: Partial<RunnerPoolOptions> = {}): RunnerPool {
  return new RunnerPool({ runnerEntry, logger: memoryLogger(), scratchRoot: defaultScratch.dir, ...o });
}

export interface RunResult {
  outcome: InvokeOutcome;
  logs: { stream: LogStream; line: string }[];
  responses: HttpResponseSpec[];
}

let counter = 0;

export async function request(source: string, o: Partial<InvokeRequest> & { root?: string } = {}): Promise<InvokeRequest> {
  const { code, codeHash } = await compileComponent(source);
  const instanceId = o.instanceId ?? `dc_test${++counter}`;
  const { root, ...rest } = o;
  return {
    codeHash,
    code,
    instanceId,
    method: 'run',
    props: {},
    interfaces: {},
    db: {},
    event: {},
    scratchDir: join(root ?? defaultScratch.dir, instanceId),
    timeoutMs: 10_000,
    ...rest,
  };
}

/** Compiles `source` and runs one invocation of it; a fresh instance unless one is named. */
export async function run(pool: RunnerPool, source: string, o: Partial<InvokeRequest> & { root?: string } = {}): Promise<RunResult> {
  const req = await request(source, o);
  const logs: RunResult['logs'] = [];
  const responses: HttpResponseSpec[] = [];
  const outcome = await pool.invoke(req, {
    onLog: (stream, line) => logs.push({ stream, line }),
    onRespond: (r) => responses.push(r),
  });
  return { outcome, logs, responses };
}

/** Runs `body` (the inside of an async run()) and returns what it returned. */
export async function evalIn(pool: RunnerPool, body: string, o: Partial<InvokeRequest> & { root?: string } = {}): Promise<unknown> {
  const { outcome } = await run(pool, `export default { async run() { ${body} } }`, o);
  if (!outcome.ok) throw new Error(`component failed: ${outcome.error?.name}: ${outcome.error?.message}\n${outcome.error?.stack ?? ''}`);
  return outcome.value;
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A runner pool and a scratch folder for the whole file: the pool is made before its tests and
 * disposed after. The pool handle forwards to the live pool (methods bound to it).
 */
export function usePool(o: Partial<RunnerPoolOptions> = {}): { pool: RunnerPool; scratch: { dir: string; cleanup(): void } } {
  let current: RunnerPool | undefined;
  const scratch = scratchRoot();
  beforeAll(() => {
    current = makePool(o);
  });
  afterAll(async () => {
    await current?.dispose();
    scratch.cleanup();
  });
  const pool = new Proxy({} as RunnerPool, {
    get(_, key) {
      if (!current) throw new Error('the pool is not made yet (use it inside a test)');
      const v = (current as unknown as Record<PropertyKey, unknown>)[key];
      return typeof v === 'function' ? v.bind(current) : v;
    },
  });
  return { pool, scratch };
}
