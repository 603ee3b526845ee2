// Runaway components: deadlines, memory caps, crashes, and a pool that keeps working after.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunnerPool } from '../../src/main/sandbox/client/runner-pool';
import { alive, makePool, request, run } from './sandbox-helpers';

const pools: RunnerPool[] = [];
function pool(o: Parameters<typeof makePool>[0] = {}): RunnerPool {
  const p = makePool(o);
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.dispose()));
});

/** The longest gap between ticks of a 10 ms interval while `work` runs. */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = Date.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe('deadlines', () => {
  it('kills an infinite loop at its deadline while another runner finishes its work', async () => {
    const p = pool({ maxRunners: 2 });
    const started = Date.now();
    const finishedAt = (r: Promise<unknown>) => r.then((v) => ({ v, at: Date.now() - started }));
    const looping = finishedAt(run(p, `export default { run() { this.$emit({ before: true }); while (true) {} } }`, { timeoutMs: 1500 }));
    const quick = finishedAt(run(p, `export default { async run() { await new Promise((r) => setTimeout(r, 50)); return 'done'; } }`));
    const { result, stallMs } = await longestStall(Promise.all([looping, quick]));
    const [loop, fast] = result as [{ v: Awaited<ReturnType<typeof run>>; at: number }, { v: Awaited<ReturnType<typeof run>>; at: number }];
    expect(fast.v.outcome).toMatchObject({ ok: true, value: 'done' });
    expect(fast.at).toBeLessThan(loop.at);
    expect(loop.v.outcome).toEqual({
      ok: false,
      killed: true,
      error: { name: 'TimeoutError', message: 'The invocation timed out after 1.5 s' },
      emits: [],
      db: { set: {}, del: [] },
    });
    expect(loop.at).toBeGreaterThanOrEqual(1500);
    expect(loop.at).toBeLessThan(5000);
    expect(stallMs).toBeLessThan(250); // the main process never waits on a runner
  });

  it('cuts a long synchronous native call (pbkdf2Sync) at the deadline', async () => {
    const p = pool({ maxRunners: 1 });
    const started = Date.now();
    const { outcome } = await run(p, `export default { run() { return require('crypto').pbkdf2Sync('a', 'b', 1e9, 64, 'sha512').length; } }`, { timeoutMs: 700 });
    expect(outcome.error?.name).toBe('TimeoutError');
    expect(outcome.killed).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('replaces a killed runner lazily and keeps serving, FIFO when all runners are busy', async () => {
    const p = pool({ maxRunners: 1 });
    const order: number[] = [];
    // Compile first: submission order must be the order of the invoke() calls.
    const reqs = await Promise.all([0, 1, 2].map((i) => request(`export default { run() { ${i === 0 ? 'while (true) {}' : ''} return ${i}; } }`, { timeoutMs: 800 })));
    const jobs = reqs.map((req, i) => p.invoke(req).then((o) => (order.push(i), o)));
    const [killedPid] = p.pids;
    const [first, second, third] = await Promise.all(jobs);
    expect(first.error?.name).toBe('TimeoutError');
    expect([second.value, third.value]).toEqual([1, 2]);
    expect(order).toEqual([0, 1, 2]);
    expect(p.pids).toHaveLength(1);
    expect(p.pids).not.toContain(killedPid);
    expect(alive(killedPid)).toBe(false);
  });

  it('times out an inspection whose module never finishes loading', async () => {
    const p = pool({ maxRunners: 1, inspectTimeoutMs: 500 });
    const stuck = await request(`while (true) {} export default {}`);
    await expect(p.inspect(stuck.code, stuck.codeHash)).rejects.toMatchObject({ name: 'TimeoutError', message: 'Loading the component timed out after 0.5 s' });
    const fine = await request(`export default { run() {} }`);
    await expect(p.inspect(fine.code, fine.codeHash)).resolves.toMatchObject({ hasRun: true });
  });

  it('caps the log lines of one invocation', async () => {
    const p = pool({ maxRunners: 1 });
    const { logs, outcome } = await run(p, `export default { run() { for (let i = 0; i < 6000; i++) console.log(i); return 'ok'; } }`);
    expect(outcome.value).toBe('ok');
    expect(logs).toHaveLength(5001);
    expect(logs[5000]).toEqual({ stream: 'stderr', line: expect.stringMatching(/further lines are dropped/) });
  });
});

describe('memory cap', () => {
  it('stops a heap bomb with OutOfMemoryError', async () => {
    const p = pool({ maxRunners: 1, memoryCapMb: 64 });
    const { outcome } = await run(p, `export default { run() { const a = []; while (true) a.push(new Array(1e6).fill(1)); } }`, { timeoutMs: 20_000 });
    expect(outcome).toMatchObject({ ok: false, killed: true, emits: [] });
    expect(outcome.error?.name).toBe('OutOfMemoryError');
    expect(outcome.error?.message).toMatch(/64 MB/);
  });

  it('stops an ArrayBuffer bomb, which V8 heap limits do not count, with OutOfMemoryError', async () => {
    const p = pool({ maxRunners: 1, memoryCapMb: 64 });
    const { outcome } = await run(p, `export default { run() { const a = []; while (true) a.push(new Uint8Array(64 * 1024 * 1024).fill(1)); } }`, { timeoutMs: 20_000 });
    expect(outcome.error).toMatchObject({ name: 'OutOfMemoryError', message: expect.stringMatching(/more than its 64 MB memory cap/) });
    // The pool goes on with a fresh runner.
    const next = await run(p, `export default { run() { return Buffer.alloc(1024 * 1024).length; } }`);
    expect(next.outcome.value).toBe(1024 * 1024);
  });
});

describe('runner lifecycle', () => {
  it('reports a runner that dies mid-invocation as RunnerCrashed', async () => {
    const p = pool({ maxRunners: 1 });
    const req = await request(`export default { async run() { console.log('started'); await new Promise((r) => setTimeout(r, 5000)); } }`);
    const outcome = await p.invoke(req, {
      onLog: () => {
        for (const pid of p.pids) process.kill(pid, 'SIGTERM');
      },
    });
    expect(outcome).toMatchObject({ ok: false, killed: true, error: { name: 'RunnerCrashed' } });
    expect(outcome.error?.message).toMatch(/SIGTERM/);
  });

  it('fails jobs one at a time when the runner cannot start', async () => {
    const p = pool({ runnerEntry: '/nonexistent/runner.js', maxRunners: 1 });
    const { outcome } = await run(p, `export default { run() {} }`);
    expect(outcome).toMatchObject({ ok: false, killed: true, error: { name: 'RunnerCrashed' } });
    expect(outcome.error?.message).toMatch(/could not start/);
    expect(p.pids).toEqual([]);
  });

  it('fails a request that cannot be sent without harming the runner', async () => {
    const p = pool({ maxRunners: 1 });
    const req = await request(`export default { run() { return 'fine'; } }`, { props: { bad: () => 1 } as never });
    const outcome = await p.invoke(req);
    expect(outcome.error?.message).toMatch(/could not be sent to the sandbox/);
    const next = await run(p, `export default { run() { return 'fine'; } }`);
    expect(next.outcome.value).toBe('fine');
  });

  it('stops runners that stay idle longer than idleMs', async () => {
    const p = pool({ maxRunners: 2, idleMs: 200 });
    await run(p, `export default { run() {} }`);
    const [pid] = p.pids;
    expect(alive(pid)).toBe(true);
    for (let waited = 0; p.pids.length > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(p.pids).toEqual([]);
    expect(alive(pid)).toBe(false);
  });

  it('dispose() leaves no child processes and refuses new work', async () => {
    const p = makePool({ maxRunners: 3 });
    const slow = await request(`export default { async run() { console.log('started'); await new Promise((r) => setTimeout(r, 10_000)); } }`);
    let started = 0;
    let allStarted!: () => void;
    const three = new Promise<void>((r) => (allStarted = r));
    const running = [1, 2, 3].map((i) =>
      p.invoke({ ...slow, instanceId: `dc_slow${i}` }, { onLog: () => ++started === 3 && allStarted() }),
    );
    await three;
    const pids = p.pids;
    expect(pids).toHaveLength(3);
    await p.dispose();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    for (const o of await Promise.all(running)) expect(o).toMatchObject({ killed: true, error: { name: 'RunnerCrashed' } });
    const after = await run(p, `export default { run() {} }`);
    expect(after.outcome.error?.message).toMatch(/shut down/);
  });
});
