import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { join, resolve } from 'node:path';
import { contractProblem } from './contract';
import { tempDir } from './temp-dir';

const BIN = resolve('bin/runnel.js');

export interface ServiceHandle {
  url: string;
  port: number;
  dataDir: string;
  apiKey: string;
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** fetch against the service with the API key. */
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** JSON body of an authorised request; throws with the body when the status is not 2xx. */
  json<T = any>(path: string, init?: RequestInit & { json?: unknown }): Promise<T>;
  /** Deploys `code` as a source (with extra create fields) and returns it. */
  createSource(code: string, extra?: object): Promise<any>;
  /** Runs a source once (POST …/run) and returns the run result. */
  runSource(id: string, event?: unknown): Promise<any>;
  /** The source's retained events, newest first, with the event itself. */
  events(id: string, qs?: string): Promise<any[]>;
  /** Creates a workflow and returns it. */
  createWorkflow(body: object): Promise<any>;
  /** Runs a workflow by hand and returns the finished run. */
  runWorkflow(id: string, event?: unknown): Promise<any>;
  /** The source's log lines joined by newlines. */
  logText(id: string): Promise<string>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export interface StartOptions {
  dataDir?: string;
  port?: number;
  args?: string[];
  env?: Record<string, string>;
}

let stateDir: string | undefined;
/** One temp state dir per test file for the services' announcements. */
const testStateDir = () => (stateDir ??= tempDir('runnel-state-'));

/** Starts `runnel serve --port 0` on a temp data dir and waits for its listening line. */
export async function startService(o: StartOptions = {}): Promise<ServiceHandle> {
  // Removed after the test file, not on stop(): a test may start a service again on the same data dir.
  const dataDir = o.dataDir ?? tempDir('runnel-test-');
  const proc = spawn(process.execPath, [BIN, 'serve', '--port', String(o.port ?? 0), '--data-dir', dataDir, ...(o.args ?? [])], {
    // Its announcement (for the CLI) goes to a temp state dir, never the user's own.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RUNNEL_STATE_DIR: testStateDir(), ...(o.env ?? {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`service did not start in 15 s\nstdout: ${out}\nstderr: ${err}`)), 15_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /Runnel listening on (http:\/\/\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`service exited with ${code}\nstdout: ${out}\nstderr: ${err}`));
    });
  });
  // Wait for the key line too, so the file exists.
  await waitFor(() => /API key:/.test(out), 5_000);
  const apiKey = o.env?.RUNNEL_API_KEY ?? readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${handle.apiKey}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(url + path, { ...init, headers, body }).then((res) => keepsContract(init.method ?? 'GET', url + path, res));
  };
  const handle: ServiceHandle = {
    url,
    port: Number(new URL(url).port),
    dataDir,
    apiKey,
    proc,
    stdout: () => out,
    stderr: () => err,
    api,
    async json(path, init) {
      const r = await api(path, init);
      const text = await r.text();
      if (!r.ok) throw new Error(`${init?.method ?? 'GET'} ${path} → ${r.status}: ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    async createSource(code, extra = {}) {
      return (await handle.json('/v1/sources', { method: 'POST', json: { component_code: code, ...extra } })).data;
    },
    async runSource(id, event) {
      return (await handle.json(`/v1/sources/${id}/run`, { method: 'POST', json: event === undefined ? {} : { event } })).data;
    },
    async events(id, qs = '') {
      return (await handle.json(`/v1/sources/${id}/event_summaries?expand=event${qs}`)).data;
    },
    async createWorkflow(body) {
      return (await handle.json('/v1/workflows', { method: 'POST', json: body })).data;
    },
    async runWorkflow(id, event = {}) {
      return (await handle.json(`/v1/workflows/${id}/run`, { method: 'POST', json: { event } })).data;
    },
    async logText(id) {
      return (await handle.json(`/v1/sources/${id}/logs`)).data.map((l: { line: string }) => l.line).join('\n');
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      proc.kill('SIGKILL');
      await exited;
    },
  };
  return handle;
}

/**
 * Every answer the tests receive through `api()` is checked against the OpenAPI document; a
 * mismatch fails the test that received it (the test's own assertions are unchanged).
 */
async function keepsContract(method: string, url: string, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (method === 'HEAD' || /text\/(event-stream|html)/.test(type)) return res;
  const text = await res.clone().text();
  let body: unknown;
  if (text !== '') {
    if (!type.includes('application/json')) return res;
    body = JSON.parse(text);
  }
  const problem = contractProblem(method, url, res.status, body);
  if (problem) throw new Error(problem);
  return res;
}

/** Files under `dir` that contain `text` in clear (grep -rl); [] when none. */
export function filesContaining(dir: string, text: string): string[] {
  try {
    return execFileSync('grep', ['-rl', '--', text, dir], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // grep exits 1 when nothing matches
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 10_000, stepMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One service for the enclosing describe block: started before its tests, stopped after. The
 * handle forwards to the running service, so tests use it as they would the service itself.
 */
export function useService(o: StartOptions = {}): ServiceHandle {
  let current: ServiceHandle | undefined;
  beforeAll(async () => {
    current = await startService(o);
  });
  afterAll(() => current?.stop());
  return new Proxy({} as ServiceHandle, {
    get(_, key) {
      if (!current) throw new Error('the service is not started yet (use it inside a test)');
      return current[key as keyof ServiceHandle];
    },
  });
}

/** A port nobody listens on right now (for a service started on a port of the test's choosing). */
export function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}
