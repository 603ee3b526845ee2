// Helpers shared by `npm run bench` and `npm run soak`: a real `runnel serve` on a temp data
// dir, resident memory of a process tree, a keep-alive POST blaster and an SSE reader.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BIN = resolve('bin/runnel.js');

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const median = (xs) => pct(xs, 50);
export const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `env`: added to the service's environment (RUNNEL_BENCH_ONLY_NO_OS_WALL for the OS wall's cost);
 * `root`: the built checkout to run (bench/ab.js compares two).
 */
export async function startService(env = {}, root = resolve('.'), extraNodeArgs = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'runnel-bench-'));
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the service.
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...extraNodeArgs];
  const proc = spawn(process.execPath, [...nodeArgs, join(root, 'bin/runnel.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise((res, rej) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Runnel listening on (\S+)\n[\s\S]*API key/.exec(out);
      if (m) res(m[1]);
    });
    proc.once('exit', (c) => rej(new Error(`service exited ${c}`)));
  });
  const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  const api = async (path, json, method = json ? 'POST' : 'GET') => {
    const r = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: json ? JSON.stringify(json) : undefined,
    });
    const body = await r.json();
    if (!r.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body;
  };
  return {
    url,
    key,
    proc,
    api,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare baseline server (bench/bare-server.js) in a process of its own. */
export async function startBareServer() {
  const proc = spawn(process.execPath, [resolve('bench/bare-server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((res, rej) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) res(Number(out.trim()));
    });
    proc.once('exit', (c) => rej(new Error(`bare server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, proc, stop: () => proc.kill('SIGTERM') };
}

/** Pids of a process's children (Linux /proc). */
export function childPids(pid) {
  const out = [];
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.push(...readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** Resident memory of one process in MB (0 when it is gone). */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid) {
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))[1]);
      stack.push(...childPids(p));
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

/**
 * Sends `total` JSON POSTs with `concurrency` keep-alive connections; resolves when all were
 * accepted. A 429 is retried after a short pause, as a client honouring Retry-After would.
 */
export async function blast(url, total, concurrency, bodyOf = (i) => JSON.stringify({ i })) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const u = new URL(url);
  let next = 0;
  let failed = 0;
  let retried = 0;
  const one = (i) =>
    new Promise((res) => {
      const body = bodyOf(i);
      const req = request(
        { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (r) => {
          r.resume();
          r.on('end', () => res(r.statusCode));
        },
      );
      req.on('error', () => res(0));
      req.end(body);
    });
  const worker = async () => {
    while (next < total) {
      const i = next++;
      for (let attempt = 0; ; attempt++) {
        const status = await one(i);
        if (status === 200) break;
        if (status !== 429 || attempt > 1000) {
          failed++;
          break;
        }
        retried++;
        await sleep(5);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { failed, retried };
}

/** Counts SSE frames of a source; `onFrame` sees each parsed frame. */
export async function sse(svc, id, onFrame) {
  const ctrl = new AbortController();
  const res = await fetch(`${svc.url}/sources/${id}/sse`, { headers: { authorization: `Bearer ${svc.key}` }, signal: ctrl.signal });
  let buf = '';
  const dec = new TextDecoder();
  (async () => {
    try {
      for await (const chunk of res.body) {
        buf += dec.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) onFrame(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      /* closed */
    }
  })();
  return () => ctrl.abort();
}

