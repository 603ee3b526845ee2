// The memory cap, enforced from the main process on Linux: a runner's resident set size (which
// counts ArrayBuffers, unlike V8's heap limit) is read from /proc every 25 ms (statm: the
// kernel writes a few numbers, where status costs it several times more), and the runner
// is killed above its baseline plus the cap. From outside, because runners may not start
// worker threads under the permission model; on systems without /proc the runner watches
// itself from a worker thread instead (host/memory-watchdog.ts, with --allow-worker).
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';

const INTERVAL_MS = 25;

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

/** The size of a memory page, which statm counts in: what this process's own figures give. */
let pageBytes: number | undefined;
function pageSize(): number {
  if (pageBytes !== undefined) return pageBytes;
  const pages = Number(readFileSync('/proc/self/statm', 'latin1').split(' ')[1]);
  const ratio = process.memoryUsage.rss() / pages;
  // The two reads are a moment apart: the nearest page size Linux uses.
  pageBytes = [4096, 16384, 65536].reduce((best, p) => (Math.abs(p - ratio) < Math.abs(best - ratio) ? p : best));
  return pageBytes;
}

/** Watches process `pid` (kept open: a reused pid cannot be misread). */
export function watchMemory(pid: number): MemoryWatch {
  const page = pageSize();
  let fd: number | undefined = openSync(`/proc/${pid}/statm`, 'r');
  const buf = Buffer.alloc(128);
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
      // "size resident shared text lib data dt", in pages.
      const resident = Number(buf.toString('latin1', 0, n).split(' ')[1]);
      return Number.isFinite(resident) ? resident * page : 0;
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
