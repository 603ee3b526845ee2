import { describe, expect, it } from 'vitest';
import { codeStep as code } from '../fixtures/components';
import { startService, useService, waitFor } from '../helpers/service';

/** A timer source that emits what its timer event carried, and the real time inside the component. */
const ticker = (timer: string) => `
export default {
  name: "Clocked",
  version: "0.1.0",
  props: { timer: { type: "$.interface.timer", default: ${timer} } },
  async run(event) {
    this.$emit({ timestamp: event.timestamp, cron: event.cron ?? null, interval_seconds: event.interval_seconds ?? null, real_now: Date.now() });
  },
};
`;
const QUARTER = ticker('{ cron: "*/15 * * * *" }');
const HOOK = `export default { name: "Hook", version: "1", props: { http: "$.interface.http" }, async run(e) { this.$emit(e.body); } };`;
const echoTrigger = code('echo', `async run({ steps }) { return steps.trigger.event; }`);

/** The due times of `*\/15 * * * *` in (fromIso, fromIso + hours], epoch seconds. */
function quarterHoursAfter(fromIso: string, hours: number): number[] {
  const from = Date.parse(fromIso) / 1000;
  const out: number[] = [];
  for (let t = Math.floor(from / 900) * 900 + 900; t <= from + hours * 3600; t += 900) out.push(t);
  return out;
}

describe('virtual clock (REST)', () => {
  const svc = useService();
  const post = (path: string, json?: unknown) => svc.api(path, { method: 'POST', json: json ?? {} });
  const oldestFirst = async (id: string) => (await svc.events(id, '&limit=100')).reverse().map((e) => e.event);

  it('advances a cron source by 1h: each quarter hour fires once, in order, with the timestamp it would have had', async () => {
    const src = await svc.createSource(QUARTER, { name: 'Quarter hours' });
    const { data: a } = await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 3600 } });
    const expected = quarterHoursAfter(a.from, 1);
    expect(expected).toHaveLength(4);
    expect(Date.parse(a.to) - Date.parse(a.from)).toBe(3_600_000);
    expect(Math.abs(Date.parse(a.from) - Date.now())).toBeLessThan(10_000);
    expect(a).toMatchObject({ fired: 4, offset_seconds: 3600, next: new Date((expected[3] + 900) * 1000).toISOString() });
    expect(a.runs).toEqual(expected.map((t) => ({ due_at: new Date(t * 1000).toISOString(), timestamp: t, ok: true, error: null, emitted: 1 })));

    const events = await oldestFirst(src.id);
    expect(events.map((e) => e.timestamp)).toEqual(expected);
    expect(events.every((e) => e.cron === '*/15 * * * *')).toBe(true);
    // Date.now() inside the component stays real.
    for (const e of events) expect(Math.abs(e.real_now - Date.now())).toBeLessThan(60_000);

    // The clock stays advanced: the next preview and a firing now are an hour ahead.
    const { data: next } = await svc.json(`/v1/sources/${src.id}/clock/next`);
    expect(next.offset_seconds).toBe(3600);
    expect(Math.abs(Date.parse(next.now) - (Date.now() + 3_600_000))).toBeLessThan(10_000);
    expect(next.times).toHaveLength(5);
    expect(next.times[0]).toBe(a.next);
    expect(next.times.map((t: string) => Date.parse(t) / 1000)).toEqual([0, 1, 2, 3, 4].map((i) => expected[3] + 900 * (i + 1)));
  });

  it('fires a source now on its clock, answering like a manual run', async () => {
    const src = await svc.createSource(QUARTER);
    const { data: r } = await svc.json(`/v1/sources/${src.id}/clock/fire`, { method: 'POST' });
    expect(r).toMatchObject({ ok: true, error: null, deduped: 0, timestamp: expect.any(Number) });
    expect(Math.abs(r.timestamp - Date.now() / 1000)).toBeLessThan(10);
    expect(r.due_at).toBe(new Date(Date.parse(r.due_at)).toISOString());
    expect(Math.floor(Date.parse(r.due_at) / 1000)).toBe(r.timestamp);
    expect(r.emitted).toHaveLength(1);
    expect(r.emitted[0].event).toMatchObject({ timestamp: r.timestamp, cron: '*/15 * * * *' });

    await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 86_400 } });
    const { data: later } = await svc.json(`/v1/sources/${src.id}/clock/fire`, { method: 'POST' });
    expect(Math.abs(later.timestamp - (Date.now() / 1000 + 86_400))).toBeLessThan(10);
    expect(later.emitted[0].event.timestamp).toBe(later.timestamp);
  });

  it('advances an interval source drift-free from its start', async () => {
    const src = await svc.createSource(ticker('{ intervalSeconds: 60 }'));
    const { data: a } = await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 300 } });
    expect(a.fired).toBe(5);
    const ts = a.runs.map((r: { timestamp: number }) => r.timestamp);
    expect(ts.slice(1).map((t: number, i: number) => t - ts[i])).toEqual([60, 60, 60, 60]);
    const events = await oldestFirst(src.id);
    expect(events.map((e) => e.timestamp)).toEqual(ts);
    expect(events.every((e) => e.interval_seconds === 60)).toBe(true);
    expect(Date.parse(a.runs[0].due_at)).toBeGreaterThan(Date.parse(a.from));
    expect(Date.parse(a.runs[4].due_at)).toBeLessThanOrEqual(Date.parse(a.to));
    expect(Date.parse(a.next)).toBe(Date.parse(a.runs[4].due_at) + 60_000);
  });

  it('after an advance the real schedule continues from the advanced point', async () => {
    const src = await svc.createSource(ticker('{ intervalSeconds: 2 }'));
    const { data: a } = await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 10 } });
    expect(a.fired).toBe(5);
    const last = a.runs[4].timestamp;
    await waitFor(async () => (await oldestFirst(src.id)).some((e) => e.timestamp > last), 10_000, 100);
    const events = await oldestFirst(src.id);
    const real = events.find((e) => e.timestamp > last);
    // Due on the advanced clock: about ten seconds ahead of the real time it fired at.
    expect(Math.abs(real.timestamp - (real.real_now / 1000 + 10))).toBeLessThan(3);
    const ts = events.map((e) => e.timestamp);
    expect([...ts].sort((x, y) => x - y)).toEqual(ts);
  });

  it('drives a timer-triggered workflow: fire, advance, next', async () => {
    const wf = await svc.createWorkflow({ name: 'Hourly', trigger: { type: 'timer', cron: '0 * * * *' }, steps: [echoTrigger] });
    const { data: fired } = await svc.json(`/v1/workflows/${wf.id}/clock/fire`, { method: 'POST' });
    expect(fired).toMatchObject({ workflow_id: wf.id, status: 'success', trigger: { event: { timestamp: fired.timestamp, cron: '0 * * * *' } } });
    expect(fired.trigger.context.source_type).toBe('timer');
    expect(fired.steps[0].$return_value).toEqual({ timestamp: fired.timestamp, cron: '0 * * * *' });

    const { data: a } = await svc.json(`/v1/workflows/${wf.id}/clock/advance`, { method: 'POST', json: { seconds: 3 * 3600 } });
    const from = Date.parse(a.from) / 1000;
    const hours = [1, 2, 3].map((i) => (Math.floor(from / 3600) + i) * 3600);
    expect(a.fired).toBe(3);
    expect(a.runs).toEqual(hours.map((t) => ({ due_at: new Date(t * 1000).toISOString(), timestamp: t, ok: true, error: null, run_id: expect.stringMatching(/^\w+/), status: 'success' })));
    const runs = (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.slice(0, 3).reverse();
    expect(runs.map((r: any) => r.id)).toEqual(a.runs.map((r: any) => r.run_id));
    expect(runs.map((r: any) => r.steps[0].$return_value.timestamp)).toEqual(hours);

    const { data: next } = await svc.json(`/v1/workflows/${wf.id}/clock/next?n=2`);
    expect(next.offset_seconds).toBe(10_800);
    expect(next.times).toEqual([hours[2] + 3600, hours[2] + 7200].map((t) => new Date(t * 1000).toISOString()));
  });

  it('reports each failed firing of an advance and still runs the others', async () => {
    const flaky = `export default { name: "Flaky", version: "1", props: { timer: { type: "$.interface.timer", default: { cron: "0 * * * *" } } },
      async run(e) { if ((e.timestamp / 3600) % 2 === 0) throw new Error("even hour"); this.$emit({ t: e.timestamp }); } };`;
    const src = await svc.createSource(flaky);
    const { data: a } = await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 4 * 3600 } });
    expect(a.fired).toBe(4);
    expect(a.runs.map((r: any) => r.ok)).toEqual(a.runs.map((r: any) => (r.timestamp / 3600) % 2 !== 0));
    expect(a.runs.find((r: any) => !r.ok).error).toEqual({ name: 'Error', message: 'even hour' });
    expect(a.offset_seconds).toBe(4 * 3600);
  });

  it('previews the next fire times: 5 by default, up to 100', async () => {
    const src = await svc.createSource(ticker('{ intervalSeconds: 3600 }'));
    const { data: five } = await svc.json(`/v1/sources/${src.id}/clock/next`);
    expect(five.offset_seconds).toBe(0);
    expect(five.times).toHaveLength(5);
    const gaps = five.times.slice(1).map((t: string, i: number) => Date.parse(t) - Date.parse(five.times[i]));
    expect(gaps).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
    expect((await svc.json(`/v1/sources/${src.id}/clock/next?n=100`)).data.times).toHaveLength(100);
    for (const n of ['0', '101', 'abc', '2.5']) {
      const r = await svc.api(`/v1/sources/${src.id}/clock/next?n=${n}`);
      expect(r.status, n).toBe(400);
      expect((await r.json()).error.message).toMatch(/^n: /);
    }
  });

  it('refuses bad spans with 400 and more than 1,000 firings with a clear message, firing nothing', async () => {
    const src = await svc.createSource(QUARTER);
    for (const body of [{ seconds: 0 }, { seconds: -60 }, { seconds: 'an hour' }, {}, { seconds: 1e12 }]) {
      const r = await post(`/v1/sources/${src.id}/clock/advance`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await r.json()).error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^seconds: must be/) });
    }
    const month = await post(`/v1/sources/${src.id}/clock/advance`, { seconds: 30 * 86_400 });
    expect(month.status).toBe(400);
    const err = (await month.json()).error;
    expect(err.message).toMatch(/would fire more than 1,000 times, over the limit of 1,000 firings per advance; nothing was fired\. Advance by a shorter span \(at most [\d,]+ s from here\)/);
    // The suggested span stops just short of the 1,001st quarter hour.
    expect(err.details.max_seconds).toBeGreaterThanOrEqual(1000 * 900 - 1);
    expect(err.details.max_seconds).toBeLessThan(1001 * 900);
    expect(await svc.events(src.id)).toEqual([]);
    expect((await svc.json(`/v1/sources/${src.id}/clock/next`)).data.offset_seconds).toBe(0);

    const fast = await svc.createSource(ticker('{ intervalSeconds: 1 }'));
    const over = await post(`/v1/sources/${fast.id}/clock/advance`, { seconds: 2000 });
    expect(over.status).toBe(400);
    expect((await over.json()).error.message).toMatch(/^Advancing by 2,000 s would fire 2,000 times, over the limit of 1,000/);
    expect(await svc.events(fast.id)).toEqual([]);
    // Exactly 1,000 is allowed.
    const { data: full } = await svc.json(`/v1/sources/${fast.id}/clock/advance`, { method: 'POST', json: { seconds: 1000 } });
    expect(full.fired).toBe(1000);
    expect(full.runs.every((r: any) => r.ok)).toBe(true);
  });

  it('answers 409 without a timer or while inactive, 404 for unknown ids, 401 without the key', async () => {
    const hook = await svc.createSource(HOOK, { name: 'No timer' });
    const manual = await svc.createWorkflow({ name: 'By hand', trigger: { type: 'manual' }, steps: [echoTrigger] });
    const paused = await svc.createSource(QUARTER, { name: 'Paused' });
    await svc.json(`/v1/sources/${paused.id}`, { method: 'PUT', json: { active: false } });
    const pausedWf = await svc.createWorkflow({ name: 'Paused wf', trigger: { type: 'timer', intervalSeconds: 60 }, steps: [echoTrigger] });
    await svc.json(`/v1/workflows/${pausedWf.id}`, { method: 'PUT', json: { active: false } });

    const cases: [string, RegExp][] = [
      [`/v1/sources/${hook.id}`, /Source "No timer" \(dc_\w+\) has no timer prop/],
      [`/v1/workflows/${manual.id}`, /Workflow "By hand" \(p_\w+\) has a manual trigger, not a timer/],
      [`/v1/sources/${paused.id}`, /Source "Paused" \(dc_\w+\) is inactive, so its timer is stopped; activate it first/],
      [`/v1/workflows/${pausedWf.id}`, /Workflow "Paused wf" \(p_\w+\) is inactive/],
    ];
    for (const [base, message] of cases) {
      for (const r of [await post(`${base}/clock/fire`), await post(`${base}/clock/advance`, { seconds: 60 }), await svc.api(`${base}/clock/next`)]) {
        expect(r.status, base).toBe(409);
        expect((await r.json()).error).toMatchObject({ code: 'conflict', message: expect.stringMatching(message) });
      }
    }
    expect(await svc.events(paused.id)).toEqual([]);

    for (const base of ['/v1/sources/dc_nope', '/v1/workflows/p_nope']) {
      const r = await post(`${base}/clock/advance`, { seconds: 60 });
      expect(r.status).toBe(404);
      expect((await r.json()).error.code).toBe('not_found');
      expect((await svc.api(`${base}/clock/next`)).status).toBe(404);
    }
    const noKey = await fetch(`${svc.url}/v1/sources/${paused.id}/clock/next`);
    expect(noKey.status).toBe(401);
  });
});

describe('virtual clock across a restart', () => {
  it('keeps the advanced offset of sources and workflows', async () => {
    let svc = await startService();
    try {
      const src = await svc.createSource(QUARTER);
      const wf = await svc.createWorkflow({ name: 'Hourly', trigger: { type: 'timer', cron: '0 * * * *' }, steps: [echoTrigger] });
      await svc.json(`/v1/sources/${src.id}/clock/advance`, { method: 'POST', json: { seconds: 3600 } });
      await svc.json(`/v1/workflows/${wf.id}/clock/advance`, { method: 'POST', json: { seconds: 7200 } });
      // An update (here: a rename) keeps the clock too.
      await svc.json(`/v1/sources/${src.id}`, { method: 'PUT', json: { name: 'Renamed' } });
      await svc.stop();
      svc = await startService({ dataDir: svc.dataDir });

      const s = (await svc.json(`/v1/sources/${src.id}/clock/next?n=1`)).data;
      expect(s.offset_seconds).toBe(3600);
      expect(Math.abs(Date.parse(s.now) - (Date.now() + 3_600_000))).toBeLessThan(10_000);
      expect(Date.parse(s.times[0])).toBeGreaterThan(Date.now() + 3_600_000 - 10_000);
      const w = (await svc.json(`/v1/workflows/${wf.id}/clock/next?n=1`)).data;
      expect(w.offset_seconds).toBe(7200);
      expect(Math.abs(Date.parse(w.now) - (Date.now() + 7_200_000))).toBeLessThan(10_000);
    } finally {
      await svc.stop();
    }
  });
});
