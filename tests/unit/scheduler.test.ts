import { describe, expect, it } from 'vitest';
import { dueRule } from '../../src/main/scheduler/due-times';
import { nodeScheduleAlarm, Scheduler } from '../../src/main/scheduler/scheduler';
import type { ArmAt } from '../../src/main/scheduler/virtual-timer';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => Date.parse(iso);
const isos = (ms: number[]) => ms.map((t) => new Date(t).toISOString());
const interval = (s: number) => ({ intervalSeconds: s, cron: null, timezone: null });
const cron = (expr: string, timezone: string | null = null) => ({ intervalSeconds: null, cron: expr, timezone });

/** An injected clock and real-timer driver: time moves only when the test moves it. */
function fakeTime(startIso: string) {
  let now = at(startIso);
  const alarms: { at: number; cb: () => void; live: boolean }[] = [];
  const armAt: ArmAt = (when, cb) => {
    const a = { at: when, cb, live: true };
    alarms.push(a);
    return { cancel: () => (a.live = false) };
  };
  const due = (to: number) => alarms.filter((a) => a.live && a.at <= to).sort((x, y) => x.at - y.at)[0];
  return {
    clock: { now: () => now },
    armAt,
    /** Real time moves to `iso`; each alarm due on the way goes off at its time. */
    tick(iso: string) {
      const to = at(iso);
      for (let a = due(to); a; a = due(to)) {
        now = Math.max(now, a.at);
        a.live = false;
        a.cb();
      }
      now = to;
    },
    /** The process stalls until `iso`, then the overdue alarms go off late. */
    stall(iso: string) {
      now = at(iso);
      for (let a = due(now); a; a = due(now)) {
        a.live = false;
        a.cb();
      }
    },
    armed: () => isos(alarms.filter((a) => a.live).map((a) => a.at)),
  };
}

describe('due times', () => {
  it('intervals are drift-free: the n-th firing is due at start + n × interval', () => {
    const r = dueRule(interval(60), 0);
    expect(r.nextAfter(-5)).toBe(MIN);
    expect(r.nextAfter(0)).toBe(MIN);
    expect(r.nextAfter(MIN - 1)).toBe(MIN);
    expect(r.nextAfter(MIN)).toBe(2 * MIN);
    expect(r.between(30_000, 5 * MIN, 100)).toEqual([1, 2, 3, 4, 5].map((n) => n * MIN));
    expect(r.between(30_000, 5 * MIN, 2)).toEqual([MIN, 2 * MIN]);
    expect(r.count!(30_000, 5 * MIN)).toBe(5);
    expect(r.count!(0, 1000 * 24 * HOUR)).toBe(1_440_000);
  });

  it('cron runs in UTC unless a timezone is given; the span is (from, to]', () => {
    const r = dueRule(cron('*/15 * * * *'), 0);
    expect(isos(r.between(at('2026-01-05T10:07:00Z'), at('2026-01-05T11:07:00Z'), 100))).toEqual([
      '2026-01-05T10:15:00.000Z',
      '2026-01-05T10:30:00.000Z',
      '2026-01-05T10:45:00.000Z',
      '2026-01-05T11:00:00.000Z',
    ]);
    expect(r.between(at('2026-01-05T10:15:00Z'), at('2026-01-05T10:30:00Z'), 100)).toEqual([at('2026-01-05T10:30:00Z')]);
    expect(r.nextAfter(at('2026-01-05T10:15:00Z'))).toBe(at('2026-01-05T10:30:00Z'));

    const paris = dueRule(cron('0 9 * * *', 'Europe/Paris'), 0);
    expect(isos([paris.nextAfter(at('2026-01-05T00:00:00Z'))!, paris.nextAfter(at('2026-07-05T00:00:00Z'))!])).toEqual([
      '2026-01-05T08:00:00.000Z',
      '2026-07-05T07:00:00.000Z',
    ]);
    expect(dueRule(cron('0 9 * * *'), 0).nextAfter(at('2026-07-05T00:00:00Z'))).toBe(at('2026-07-05T09:00:00Z'));
    expect(paris.count).toBeUndefined();
  });

  it('a cron that never matches has no next time', () => {
    expect(dueRule(cron('0 0 30 2 *'), 0).nextAfter(0)).toBeNull();
    expect(dueRule(cron('0 0 30 2 *'), 0).between(0, Infinity, 5)).toEqual([]);
  });
});

describe('Scheduler with an injected clock', () => {
  it('arms one real timer at a time and fires each interval with its due time', () => {
    const t = fakeTime('2026-01-05T10:00:00Z');
    const fired: number[] = [];
    new Scheduler(t.clock, t.armAt).schedule(interval(60), (due) => fired.push(due));
    expect(t.armed()).toEqual(['2026-01-05T10:01:00.000Z']);
    t.tick('2026-01-05T10:02:30Z');
    expect(isos(fired)).toEqual(['2026-01-05T10:01:00.000Z', '2026-01-05T10:02:00.000Z']);
    expect(t.armed()).toEqual(['2026-01-05T10:03:00.000Z']);
  });

  it('after a stall, fires once late with its due time and skips the missed firings', () => {
    const t = fakeTime('2026-01-05T10:00:00Z');
    const fired: number[] = [];
    new Scheduler(t.clock, t.armAt).schedule(interval(60), (due) => fired.push(due));
    t.stall('2026-01-05T10:05:30Z');
    expect(isos(fired)).toEqual(['2026-01-05T10:01:00.000Z']);
    expect(t.armed()).toEqual(['2026-01-05T10:06:00.000Z']);
  });

  it('a timer with an offset lives on its own clock: virtual now, due times and the real arming', () => {
    const t = fakeTime('2026-01-05T10:07:00Z');
    const fired: number[] = [];
    const s = new Scheduler(t.clock, t.armAt);
    const timer = s.schedule(cron('*/15 * * * *'), (due) => fired.push(due), { key: 'dc_a', offsetMs: HOUR });
    expect(s.timer('dc_a')).toBe(timer);
    expect(new Date(timer.virtualNow()).toISOString()).toBe('2026-01-05T11:07:00.000Z');
    expect(isos(timer.upcoming(2))).toEqual(['2026-01-05T11:15:00.000Z', '2026-01-05T11:30:00.000Z']);
    // Due at 11:15 on its clock, so at 10:15 real time.
    expect(t.armed()).toEqual(['2026-01-05T10:15:00.000Z']);
    t.tick('2026-01-05T10:16:00Z');
    expect(isos(fired)).toEqual(['2026-01-05T11:15:00.000Z']);
    timer.dispose();
    expect(s.timer('dc_a')).toBeUndefined();
    expect(t.armed()).toEqual([]);
  });

  it('fast-forward runs each firing of the span in order, one at a time, then continues from the advanced point', async () => {
    const t = fakeTime('2026-01-05T10:07:00Z');
    const real: number[] = [];
    const timer = new Scheduler(t.clock, t.armAt).schedule(cron('*/15 * * * *'), (due) => real.push(due));
    const w = timer.window(HOUR, 1001);
    expect(isos([w.from, w.to])).toEqual(['2026-01-05T10:07:00.000Z', '2026-01-05T11:07:00.000Z']);
    expect(w.total).toBeNull();

    let inFlight = 0;
    let most = 0;
    const armedDuring: string[][] = [];
    const runs = await timer.fastForward(w, async (due) => {
      inFlight++;
      most = Math.max(most, inFlight);
      armedDuring.push(t.armed());
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return new Date(due).toISOString();
    });
    expect(runs).toEqual(['2026-01-05T10:15:00.000Z', '2026-01-05T10:30:00.000Z', '2026-01-05T10:45:00.000Z', '2026-01-05T11:00:00.000Z']);
    expect(most).toBe(1);
    expect(armedDuring.every((a) => a.length === 0)).toBe(true);
    expect(timer.offsetMs).toBe(HOUR);
    expect(new Date(timer.nextDue()!).toISOString()).toBe('2026-01-05T11:15:00.000Z');
    // The real schedule continues from the advanced point: 11:15 on its clock is 10:15 real.
    expect(t.armed()).toEqual(['2026-01-05T10:15:00.000Z']);
    t.tick('2026-01-05T10:15:00Z');
    expect(isos(real)).toEqual(['2026-01-05T11:15:00.000Z']);
  });

  it('fast-forward of an interval keeps its phase and counts the span exactly', async () => {
    const t = fakeTime('2026-01-05T10:00:00Z');
    const timer = new Scheduler(t.clock, t.armAt).schedule(interval(60), () => {});
    t.tick('2026-01-05T10:00:10Z');
    const w = timer.window(300_000, 1001);
    expect(w.total).toBe(5);
    const runs = await timer.fastForward(w, async (due) => due);
    expect(isos(runs)).toEqual(['10:01', '10:02', '10:03', '10:04', '10:05'].map((m) => `2026-01-05T${m}:00.000Z`));
    expect(new Date(timer.virtualNow()).toISOString()).toBe('2026-01-05T10:05:10.000Z');
    expect(t.armed()).toEqual(['2026-01-05T10:01:00.000Z']);
    expect(timer.window(24 * 3600_000, 1001)).toMatchObject({ total: 1440 });
    expect(timer.window(24 * 3600_000, 1001).due).toHaveLength(1001);
  });

  it('a run that throws leaves the clock where it was and the timer armed', async () => {
    const t = fakeTime('2026-01-05T10:07:00Z');
    const timer = new Scheduler(t.clock, t.armAt).schedule(cron('*/15 * * * *'), () => {}, { offsetMs: 5000 });
    await expect(
      timer.fastForward(timer.window(HOUR, 1001), async () => {
        throw new Error('gone');
      }),
    ).rejects.toThrow('gone');
    expect(timer.offsetMs).toBe(5000);
    expect(t.armed()).toEqual(['2026-01-05T10:14:55.000Z']);
  });

  it('scheduler.dispose() stops every timer', () => {
    const t = fakeTime('2026-01-05T10:00:00Z');
    const s = new Scheduler(t.clock, t.armAt);
    s.schedule(interval(1), () => {}, { key: 'p_a' });
    s.schedule(cron('* * * * *'), () => {}, { key: 'dc_b' });
    expect(t.armed()).toHaveLength(2);
    s.dispose();
    expect(t.armed()).toEqual([]);
    expect(s.timer('p_a')).toBeUndefined();
  });
});

describe('nodeScheduleAlarm (real time)', () => {
  it('goes off at a future time, and at once for a time already past', async () => {
    const start = Date.now();
    await new Promise<void>((r) => nodeScheduleAlarm(start + 50, r));
    expect(Date.now()).toBeGreaterThanOrEqual(start + 50);
    await new Promise<void>((r) => nodeScheduleAlarm(start - 60_000, r));
  });
});
