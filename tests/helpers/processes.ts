// What Linux's /proc says of a running service's processes.
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name: [0] is field 3 (state), [1] the parent pid. */
export function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Pids of the service's runner processes (its children running runner.js). */
export function runnerPids(servicePid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return Number(statFields(Number(pid))[1]) === servicePid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('runner.js');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A process's scheduling policy (stat field 41): 0 normal, 3 SCHED_BATCH, 5 SCHED_IDLE. */
export function schedulingPolicy(pid: number): number {
  return Number(statFields(pid)[41 - 3]);
}
