// Runners are batch work to the kernel's scheduler (SCHED_BATCH, started through util-linux's
// chrt where it is installed): a runner woken by a message does not preempt the main process,
// which keeps serving HTTP and committing events. The main process keeps the normal policy.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunnerLauncher } from '../../src/main/sandbox/client/os-wall/runner-launch';
import { runnerPids, schedulingPolicy } from '../helpers/processes';
import { useService } from '../helpers/service';
import { memoryLogger } from '../sandbox/sandbox-helpers';

const SCHED_NORMAL = 0;
const SCHED_BATCH = 3;
const CHRT = process.platform === 'linux' && (existsSync('/usr/bin/chrt') || existsSync('/bin/chrt'));

describe.runIf(CHRT)('runner scheduling', () => {
  const svc = useService();

  it('runs every runner under SCHED_BATCH and leaves the service itself as it was', async () => {
    const src = await svc.createSource(`export default { name: "Probe", version: "1", async run() { return 1; } }`);
    expect((await svc.runSource(src.id)).ok).toBe(true);
    const pids = runnerPids(svc.proc.pid!);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(schedulingPolicy(pid)).toBe(SCHED_BATCH);
    expect(schedulingPolicy(svc.proc.pid!)).toBe(SCHED_NORMAL);
  });

  it('starts the next runner without chrt when chrt is refused, and says so', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'runnel-sched-'));
    try {
      const logger = memoryLogger();
      const launcher = new RunnerLauncher({ entry: 'runner.js', scratchRoot: join(scratch, 'scratch'), logger });
      expect(launcher.launch(128).command).toMatch(/chrt$/);
      expect(launcher.fallBack("chrt: failed to set pid 0's policy: Operation not permitted\n")).toBe(true);
      const { command, args } = launcher.launch(128);
      expect([command, ...args].some((a) => /chrt$/.test(a))).toBe(false);
      expect(args).toContain('runner.js');
      expect(logger.lines.map((l) => l.msg).join('\n')).toMatch(/sandbox runners start without batch scheduling \(chrt\): chrt: failed to set pid 0's policy/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
