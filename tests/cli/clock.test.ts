import { describe, expect, it } from 'vitest';
import { codeStep } from '../fixtures/components';
import { useService } from '../helpers/service';
import { componentDir } from './helpers/components';
import { cliJson, envFor, runCli } from './helpers/run-cli';

const QUARTER = `export default {
  name: "Quarter hours", version: "0.0.1", type: "source",
  props: { timer: { type: "$.interface.timer", default: { cron: "*/15 * * * *" } } },
  async run(event) { this.$emit({ timestamp: event.timestamp }, { summary: "tick " + new Date(event.timestamp * 1000).toISOString() }); },
};
`;
const FLAKY = `export default {
  name: "Flaky", version: "0.0.1", type: "source",
  props: { timer: { type: "$.interface.timer", default: { cron: "0 * * * *" } } },
  async run(event) { if ((event.timestamp / 3600) % 2 === 0) throw new Error("even hour"); this.$emit({ t: event.timestamp }); },
};
`;
const HOOK = `export default { name: "Hook", version: "0.0.1", type: "source", props: { http: "$.interface.http" }, async run() {} };\n`;

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('runnel clock against a real service', () => {
  const svc = useService();
  const dir = componentDir({ 'quarter.mjs': QUARTER, 'flaky.mjs': FLAKY, 'hook.mjs': HOOK });
  const o = () => ({ env: envFor(svc), cwd: dir });
  const cli = (...args: string[]) => runCli(args, o());
  const json = <T = any>(...args: string[]) => cliJson<T>(args, o());

  it('fast-forwards a deployed cron source: each quarter hour fires in order with the timestamp it would have had', async () => {
    expect((await cli('deploy', 'quarter.mjs', '--no-follow')).code).toBe(0);

    const preview = await cli('clock', 'next', 'Quarter hours', '-n', '3');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^now \S+Z {2}\(clock offset \+0s\)\n {2}\S+Z\n {2}\S+Z\n {2}\S+Z\n$/);

    const human = await cli('clock', 'advance', 'Quarter hours', '1h');
    expect(human.stderr).toBe('');
    expect(human.code).toBe(0);
    const lines = human.stdout.trimEnd().split('\n');
    const [from, to] = lines[0].match(ISO)!;
    expect(lines[0]).toBe(`Advanced source "Quarter hours" by 1h: ${from} → ${to}`);
    expect(seconds(to) - seconds(from)).toBe(3600);
    const first = Math.floor(seconds(from) / 900) * 900 + 900;
    const quarters = [0, 1, 2, 3].map((i) => new Date((first + i * 900) * 1000).toISOString());
    expect(lines.slice(1)).toEqual(['4 firings:', ...quarters.map((q) => `  ${q}  ok  1 emitted`), `next: ${new Date((first + 3600) * 1000).toISOString()}  (clock offset +1h)`]);
    // The preview shown before was the same schedule.
    expect(preview.stdout.match(ISO)!.slice(1)).toEqual(quarters.slice(0, 3));

    const events = await json('events', 'Quarter hours', '-n', '10');
    expect(events.map((e: any) => e.event.timestamp)).toEqual(quarters.map(seconds));

    // --json prints the API answer; the clock goes on from where it was left.
    const more = await json('clock', 'advance', 'quarter-hours', '2h');
    expect(more).toMatchObject({ fired: 8, offset_seconds: 3 * 3600 });
    expect(seconds(more.from)).toBeGreaterThanOrEqual(seconds(to));
    const after = Math.floor(seconds(more.from) / 900) * 900 + 900;
    expect(after).toBeGreaterThanOrEqual(first + 3600);
    expect(more.runs.map((r: any) => r.timestamp)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => after + i * 900));
    // Every quarter hour once, in order (the real timer, if a real quarter hour passed meanwhile,
    // fired the one between the two advances).
    const all = (await json('events', 'Quarter hours', '-n', '20')).map((e: any) => e.event.timestamp);
    expect(all).toEqual(Array.from({ length: (after - first) / 900 + 8 }, (_, i) => first + i * 900));

    const next = await json('clock', 'next', 'Quarter hours');
    expect(next.offset_seconds).toBe(10_800);
    expect(next.times).toHaveLength(5);
  });

  it('fires a source or a workflow now, on its clock', async () => {
    const src = await svc.createSource(QUARTER, { name: 'Fired' });
    const fired = await cli('clock', 'fire', src.id);
    expect(fired.code).toBe(0);
    const m = /^ok {2}fired at (\S+Z) \(timestamp (\d+)\) in \d+ ms: 1 emitted\n\S+Z {2}\d+-0 {2}tick \S+Z {2}\{"timestamp":(\d+)\}\n$/.exec(fired.stdout);
    expect(m, fired.stdout).not.toBeNull();
    expect(Math.floor(seconds(m![1]))).toBe(Number(m![2]));
    expect(m![3]).toBe(m![2]);
    expect(Math.abs(Number(m![2]) - Date.now() / 1000)).toBeLessThan(10);

    const wf = await svc.createWorkflow({ name: 'Hourly report', trigger: { type: 'timer', cron: '0 * * * *' }, steps: [codeStep('echo', `async run({ steps }) { return steps.trigger.event.timestamp; }`)] });
    const run = await json('clock', 'fire', 'Hourly report');
    expect(run).toMatchObject({ workflow_id: wf.id, status: 'success', steps: [{ $return_value: run.timestamp }] });
    const human = await cli('clock', 'advance', 'Hourly report', '3h');
    expect(human.code).toBe(0);
    const from = seconds(human.stdout.match(ISO)![0]);
    const hours = [1, 2, 3].map((i) => new Date((Math.floor(from / 3600) + i) * 3600 * 1000).toISOString());
    expect(human.stdout).toContain('\n3 firings:\n');
    for (const h of hours) expect(human.stdout).toMatch(new RegExp(`\\n {2}${h.replace(/\./g, '\\.')} {2}ok {2}run \\w+ success\\n`));
    expect(human.stdout).toMatch(/\nnext: \S+Z {2}\(clock offset \+3h\)\n$/);
  });

  it('moves paused runs on: advancing 1 h resumes a 1 h $.flow.delay at its due time, and the JSON names it', async () => {
    const wf = await svc.createWorkflow({
      name: 'Waits an hour',
      trigger: { type: 'manual' },
      steps: [codeStep('wait', `async run({ $ }) { $.flow.delay(60 * 60 * 1000); return 1; }`), codeStep('after', `async run({ steps }) { return "after " + steps.wait.$return_value; }`)],
    });
    const run = await svc.runWorkflow(wf.id);
    const due = new Date(run.pauses[0].resume_at).toISOString();
    const early = await cli('clock', 'advance', 'Waits an hour', '59m');
    expect(early.code).toBe(0);
    expect(early.stdout).toContain('No firing or paused run was due in that span.');
    const human = await cli('clock', 'advance', 'Waits an hour', '1m');
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`0 firings, 1 paused run went on:\n  ${due}  ok  delay due: run ${run.id} success\n`);
    expect((await svc.json(`/v1/workflows/${wf.id}/runs/${run.id}`)).data.steps[1].$return_value).toBe('after 1');

    const again = await svc.runWorkflow(wf.id);
    const out = await json('clock', 'advance', wf.id, '1h');
    expect(out).toMatchObject({ resumed: 1, runs: [{ run_id: again.id, resumed: 'delay', status: 'success', due_at: new Date(again.pauses[0].resume_at).toISOString() }] });
  });

  it('reports failed firings and exits 1', async () => {
    expect((await cli('deploy', 'flaky.mjs', '--no-follow')).code).toBe(0);
    const r = await cli('clock', 'advance', 'Flaky', '4h');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ {2}\S+Z {2}failed {2}Error: even hour\n/);
    expect(r.stdout.match(/ ok {2}1 emitted/g)).toHaveLength(2);
    expect(r.stderr).toBe('runnel clock advance: 2 of 4 firings failed\n');
  });

  it('errors read "runnel clock <verb>: <reason>" with a non-zero exit', async () => {
    await svc.createSource(QUARTER, { name: 'Errors' });
    await svc.createSource(HOOK, { name: 'Web hook' });
    const cases: [string[], string | RegExp][] = [
      [['clock', 'advance', 'Errors', '0'], 'runnel clock advance: the duration must be more than 0, got "0"\n'],
      [['clock', 'advance', 'Errors', 'soon'], 'runnel clock advance: "soon" is not a duration: give one such as 90s, 15m, 2h, 1d, 1h30m, or a number of seconds\n'],
      [
        ['clock', 'advance', 'Errors', '30d'],
        /^runnel clock advance: Advancing by 2,592,000 s would fire more than 1,000 times, over the limit of 1,000 firings per advance; nothing was fired\. Advance by a shorter span \(at most [\d,]+ s from here\), in several steps if needed\.\n$/,
      ],
      [['clock', 'next', 'Errors', '-n', '0'], 'runnel clock next: -n must be a whole number from 1 to 100, got "0"\n'],
      [['clock', 'fire', 'Nobody here'], 'runnel clock fire: no source or workflow named "Nobody here" (try runnel list)\n'],
      [['clock', 'fire', 'Web hook'], /^runnel clock fire: Source "Web hook" \(dc_\w+\) has no timer prop: the clock drives timer-driven sources only\n$/],
    ];
    for (const [args, stderr] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      if (typeof stderr === 'string') expect(r.stderr).toBe(stderr);
      else expect(r.stderr).toMatch(stderr);
    }
    // The refused advances fired nothing and moved no clock. (The source's real cron may fire on its
    // own if the test straddles a quarter hour: such a firing is never ahead of real time.)
    const errorsId = (await svc.json('/v1/users/me/sources?limit=100')).data.find((s: any) => s.name === 'Errors').id;
    expect((await svc.json(`/v1/sources/${errorsId}/clock/next`)).data.offset_seconds).toBe(0);
    expect((await svc.events(errorsId)).filter((e: any) => e.event.timestamp * 1000 > Date.now())).toEqual([]);
  });
});
