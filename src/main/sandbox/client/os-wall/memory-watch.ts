// The memory cap, enforced from the main process on Linux: a runner's resident set size (which
// counts ArrayBuffers, unlike V8's heap limit) is read from /proc every 25 ms, and the runner
// is killed above its baseline plus the cap. From outside, because runners may not start
// worker threads under the permission model; on systems without /proc the runner watches
// itself from a worker thread instead (host/memory-watchdog.ts, with --allow-worker).
import { closeSync, existsSync, openSync, readSync } from 'node:fs';

const INTERVAL_MS = 25;
const KB = 1024;

/** Whether runners can be watched from here (Linux's /proc). */
export function canWatchFromParent(): boolean {
  return process.platform === 'linux' && existsSync(`/proc/${process.pid}/status`);
}

export interface MemoryWatch {
  /** The runner's resident size now, in bytes (0 once it is gone). */
  rss(): number;
  /** Starts enforcing `limitBytes`; `onExceeded` is called once, with the size seen. */
  arm(limitBytes: number, onExceeded: (rssBytes: number) => void): void;
  stop(): void;
}

/** Watches process `pid` (kept open: a reused pid cannot be misread). */
export function watchMemory(pid: number): MemoryWatch {
  let fd: number | undefined = openSync(`/proc/${pid}/status`, 'r');
  const buf = Buffer.alloc(4096);
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  const rss = (): number => {
    if (fd === undefined) return 0;
    try {
      const n = readSync(fd, buf, 0, buf.length, 0);
      const m = /VmRSS:\s+(\d+) kB/.exec(buf.toString('latin1', 0, n));
      return m ? Number(m[1]) * KB : 0;
    } catch {
      return 0; // the process is gone; its exit is reported elsewhere
    }
  };
  return {
    rss,
    arm(limitBytes, onExceeded) {
      clearInterval(timer);
      timer = setInterval(() => {
        const now = rss();
        if (now <= limitBytes) return;
        clearInterval(timer);
        onExceeded(now);
      }, INTERVAL_MS);
      timer.unref();
    },
    stop,
  };
}
