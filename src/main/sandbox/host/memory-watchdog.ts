// Enforces the runner's memory cap from inside the runner, where the main process cannot
// watch it from outside (no /proc: macOS, Windows; on Linux client/os-wall/memory-watch.ts
// does, since runners may not start workers under the permission model; this one needs
// --allow-worker). V8's heap limit (--max-old-space-size) does not count ArrayBuffers, so
// `new Uint8Array(1 << 30)` in a loop would grow the process without bound; resident set size
// counts everything. A worker thread samples RSS every 25 ms (it keeps running while the main
// thread is stuck in a loop or a native call) and, over the limit, writes one line the main
// process recognizes to stderr and SIGKILLs the runner: nothing of the invocation gets committed.
import { Worker } from 'node:worker_threads';
import { MEMORY_CAP_MARKER } from '../runner-markers';

const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let limit = Infinity;
parentPort.on('message', (m) => { limit = m.limitBytes; });
setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss <= limit) return;
  try { writeSync(2, '\\n${MEMORY_CAP_MARKER} rss=' + rss + ' limit=' + limit + '\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, 25);
`;

export interface MemoryWatchdog {
  /** Starts enforcing: the runner is killed once its RSS exceeds `limitBytes`. */
  arm(limitBytes: number): void;
}

/** Starts the watchdog thread; resolves once it runs (so the baseline RSS includes it). */
export function startMemoryWatchdog(): Promise<MemoryWatchdog> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WATCHDOG_SOURCE, { eval: true, stdout: false, stderr: false });
    // The runner lives as long as its IPC channel; the watchdog must not keep it alive.
    worker.unref();
    worker.once('error', reject);
    worker.once('online', () => resolve({ arm: (limitBytes) => worker.postMessage({ limitBytes }) }));
  });
}
