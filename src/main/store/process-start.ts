import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;

export interface ProcessFacts {
  /** When the process started, in epoch ms (to within a second). */
  startedAt: number;
  /** Exited but not yet reaped by its parent: it holds nothing any more. */
  zombie: boolean;
}

/**
 * What Linux's /proc says of process `pid`; undefined where there is no /proc or the process is
 * gone. Tells a live holder of a lock from an exited one (a zombie) and from an unrelated
 * process that was given the same pid later.
 */
export async function processFacts(pid: number): Promise<ProcessFacts | undefined> {
  try {
    const [stat, sys] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile('/proc/stat', 'utf8')]);
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[22 - 3]);
    const boot = Number(/^btime (\d+)$/m.exec(sys)?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(boot)) return undefined;
    return { startedAt: boot * 1000 + (ticks * 1000) / USER_HZ, zombie: fields[0] === 'Z' || fields[0] === 'X' };
  } catch {
    return undefined;
  }
}
