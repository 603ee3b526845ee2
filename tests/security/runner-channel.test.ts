// Issue 14, items 2(b), 6 (main-process half) and 7: nothing a runner sends can crash the main
// process, and every message is checked as if it came from the network. A runner that sends
// garbage, an oversized frame or a message that does not fit the protocol is killed and
// replaced; its job fails with a RunnerProtocolError; the service keeps serving.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunnerPool } from '../../src/main/sandbox/client/runner-pool';
import type { InvokeRequest } from '../../src/main/domain/invocations';
import { filesContaining, useService } from '../helpers/service';
import { makePool, memoryLogger, run } from '../sandbox/sandbox-helpers';

const HOSTILE_RUNNER = resolve('tests/fixtures/runners/hostile-runner.mjs');

describe('the pool against a runner that breaks the protocol', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'runnel-channel-test-'));
  const logger = memoryLogger();
  const pool = new RunnerPool({ runnerEntry: HOSTILE_RUNNER, maxRunners: 1, logger, scratchRoot: scratch });
  afterAll(async () => {
    await pool.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  const invoke = (mode: string, extra: Partial<InvokeRequest> = {}) =>
    pool.invoke({
      codeHash: 'h',
      code: '',
      instanceId: 'dc_hostile',
      method: 'run',
      props: {},
      interfaces: {},
      db: {},
      event: { mode },
      scratchDir: join(scratch, 'dc_hostile'),
      timeoutMs: 5_000,
      ...extra,
    });

  const cases: [mode: string, detail: RegExp][] = [
    ['garbage', /could not be decoded/],
    ['oversized', /frame of \d+ bytes/],
    ['unknown-type', /unknown message type "surprise"/],
    ['not-an-object', /not an object/],
    ['bad-field', /emits/],
    ['foreign-id', /job \d+/],
    ['bad-log', /stream/],
    ['big-emit', /emitted event of \d+ bytes.*1048576/],
    ['many-emits', /6291456/],
    ['non-json-emit', /JSON/],
    ['bad-s3', /bucket/],
    ['bad-status', /status/],
    ['stray-items', /invocation 0 of a batch of 0/],
    // $.flow pauses: a bogus pause request must never reach the executor (issue 16, flow control).
    ['bad-pause-kind', /pause\.kind/],
    ['bad-pause-ms', /pause\.ms/],
    ['long-pause', /pause\.ms/],
    ['big-rerun-context', /pause\.context is over 65536 bytes/],
    ['bad-rerun-retries', /pause\.maxRetries/],
  ];
  const STEP_MODES = new Set(['bad-s3', 'bad-pause-kind', 'bad-pause-ms', 'long-pause', 'big-rerun-context', 'bad-rerun-retries']);

  it.each(cases)('%s: the job fails with a RunnerProtocolError and the next job runs on a fresh runner', async (mode, detail) => {
    const before = await invoke('ok');
    expect(before.ok).toBe(true);
    const outcome = await invoke(mode, STEP_MODES.has(mode) ? { step: { steps: {}, context: {}, canRespond: false } } : {});
    expect(outcome.ok).toBe(false);
    expect(outcome.killed).toBe(true);
    expect(outcome.error?.name).toBe('RunnerProtocolError');
    expect(outcome.error?.message).toMatch(/^Runnel: the runner sent a malformed message/);
    expect(outcome.error?.message).toMatch(detail);
    const after = await invoke('ok');
    expect(after.ok).toBe(true);
    expect(after.value).not.toBe(before.value); // another process
  });
});

describe("the real runner's end keeps within what the main process accepts", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'runnel-channel-test-'));
  const pool = makePool({ maxRunners: 1, memoryCapMb: 1024, scratchRoot: scratch });
  afterAll(async () => {
    await pool.dispose();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('cuts a long log line and says how much it cut', async () => {
    const { outcome, logs } = await run(pool, `export default { run() { console.log("x".repeat(100000)); } }`, { root: scratch });
    expect(outcome.ok).toBe(true);
    const line = logs.find((l) => l.line.startsWith('xxx'))!.line;
    expect(line.length).toBeLessThanOrEqual(16 * 1024);
    expect(line).toMatch(/… \[\d+ more characters\]$/);
  });

  it('fails an invocation whose result is larger than a frame, and the runner lives on', async () => {
    const big = await run(pool, `export default { run() { return "x".repeat(65 * 1024 * 1024); } }`, { root: scratch, timeoutMs: 60_000 });
    expect(big.outcome.ok).toBe(false);
    expect(big.outcome.killed).toBe(false);
    expect(big.outcome.error?.name).toBe('RangeError');
    expect(big.outcome.error?.message).toMatch(/^Runnel: the result of this invocation is \d+ MB, over the 64 MB/);
    const pids = pool.pids;
    const next = await run(pool, `export default { run() { return 1; } }`, { root: scratch });
    expect(next.outcome.value).toBe(1);
    expect(pool.pids).toEqual(pids);
  });
});

describe('a component writing into its runner channel', () => {
  const svc = useService();

  it('kills only its runner: the service keeps serving, the log says why', async () => {
    const hostile = await svc.createSource(`export default { name: "Scribbler", version: "1", async run() {
      const tty = require(["runnel", "tty"].join(":"));
      new tty.WriteStream(3).write(Buffer.from([0, 0, 0, 6, 0xff, 0x0f, 0x99, 0x42, 0x13, 0x37]));
      await new Promise((r) => setTimeout(r, 300));
      return "wrote";
    } }`);
    const innocent = await svc.createSource(`export default { name: "Innocent", version: "1", run() { this.$emit({ fine: true }); return "ok"; } }`);

    const run = await svc.runSource(hostile.id);
    expect(run.ok).toBe(false);
    // Either the channel refused what was written (this branch), or the computed name of the
    // internal stand-in is refused (the loader's fix): never a success, never a dead service.
    if (run.error.name === 'RunnerProtocolError') {
      expect(run.error.message).toMatch(/^Runnel: the runner sent a malformed message/);
      expect(await svc.logText(hostile.id)).toMatch(/RunnerProtocolError/);
    } else {
      expect(run.error.message).toMatch(/^Runnel: /);
    }
    expect(svc.proc.exitCode).toBeNull();
    expect((await svc.api('/v1/system')).status).toBe(200);
    const ok = await svc.runSource(innocent.id);
    expect(ok.ok).toBe(true);
    expect(filesContaining(svc.dataDir, '"fine":true').length).toBeGreaterThan(0);
  });
});
