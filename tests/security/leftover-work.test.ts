// Issue 14, item 4: work a component leaves behind after its run ends must never make another
// component's run wait or time out. Leftover timers are cancelled when the run ends (as the
// hosted service freezes a function once it returns); code that still blocks the runner after
// its result (a promise chain) gets the runner replaced, and the blame goes to its own log.
import { describe, expect, it } from 'vitest';
import { sleep, useService, waitFor } from '../helpers/service';

/** LIMITS.maxRunners: the service's default pool size. */
const RUNNERS = 4;
const BUSY_20_S = 'const t = Date.now(); while (Date.now() - t < 20000) {}';

describe('leftover work after a run ends', () => {
  const svc = useService();

  /**
   * Creates RUNNERS copies of `run` and runs them at once, so each takes its own runner (each
   * run waits a second first, long enough for every runner to start and take one).
   */
  async function occupyEveryRunner(name: string, run: string) {
    const sources = [];
    for (let i = 0; i < RUNNERS; i++) {
      sources.push(await svc.createSource(`export default { name: "${name}-${i}", version: "1", async run() {
        await new Promise((r) => setTimeout(r, 1000));
        ${run}
        return "returned";
      } }`));
    }
    const runs = await Promise.all(sources.map((s) => svc.runSource(s.id)));
    for (const r of runs) expect(r.ok, JSON.stringify(r.error)).toBe(true);
    return sources;
  }

  async function innocentRunsPromptly(): Promise<void> {
    const innocent = await svc.createSource(`export default { name: "Innocent", version: "1", run() { return "b"; } }`, { timeout_seconds: 3 });
    const t0 = Date.now();
    const r = await svc.runSource(innocent.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(await svc.logText(innocent.id)).not.toMatch(/TimeoutError/);
  }

  it('a timer armed before run() returned never fires: another source is not blocked by it', async () => {
    const sources = await occupyEveryRunner('Timer', `setTimeout(() => { ${BUSY_20_S} }, 300);`);
    await sleep(600); // past the timer: had it fired, every runner would be stuck now
    await innocentRunsPromptly();
    expect(await svc.logText(sources[0].id)).toMatch(/\[runnel\] run\(\) returned with 1 pending timer .*cancelled/);
  });

  it('a promise chain still running after run() returned gets its runner replaced, and is blamed for it', async () => {
    const sources = await occupyEveryRunner('Chain', `(async () => { for (let i = 0; i < 50; i++) await null; ${BUSY_20_S} })();`);
    await sleep(100);
    await innocentRunsPromptly();
    await waitFor(async () => /kept its runner busy after its run ended; the runner was replaced/.test(await svc.logText(sources[0].id)), 5000);
  });
});
