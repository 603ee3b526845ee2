import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { cliJson, envFor, runCli } from './helpers/run-cli';

const ECHO = `export default { name: "Echo", version: "1", async run(event) { this.$emit(event); if (event.fail) throw new Error("refused"); } }`;

describe('runnel search', () => {
  const svc = useService();
  const o = () => ({ env: envFor(svc) });

  it('prints the events and runs matching a text as a table, filters by --status and --since, and --json', async () => {
    const src = await svc.createSource(ECHO, { name: 'Leads' });
    await svc.runSource(src.id, { email: 'ada@example.com' });
    await svc.runSource(src.id, { email: 'bob@example.com', fail: true });
    const wf = await svc.createWorkflow({ name: 'Mailer', trigger: { type: 'manual' }, steps: [{ name: 'send', code: 'export default defineComponent({ async run() { return 1 } })' }] });
    const run = await svc.runWorkflow(wf.id, { to: 'ada@example.com' });

    const human = await runCli(['search', 'ADA@'], o());
    expect(human.code).toBe(0);
    const lines = human.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^KIND\s+NAME\s+ID\s+TIME\s+STATUS\s+MATCH/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^run\\s+Mailer\\s+${run.id}\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+ok\\s+.*ada@example\\.com`));
    expect(lines[2]).toMatch(/^event\s+Leads\s+\d+-\d+\s+\S+\s+ok\s+.*ada@example\.com/);

    const failed = await cliJson(['search', 'example.com', '--status', 'error'], o());
    expect(failed.map((h: any) => [h.kind, h.name, h.status])).toEqual([['source_event', 'Leads', 'error']]);
    expect(await cliJson(['search', '--since', '1h', '--kind', 'workflow'], o())).toHaveLength(1);
    const none = await runCli(['search', 'nothing-like-this'], o());
    expect(none.stdout).toBe('Nothing found.\n');
    const bad = await runCli(['search', 'x', '--since', 'soon'], o());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^runnel search: .*"soon" is not a duration/);
  });
});
