import type { Command } from 'commander';
import type { LogLine } from '../../../shared/resources';
import { action } from '../cli-context';
import { openFeed } from '../feed';
import { follow } from '../follow';
import { logLine } from '../format';
import { resolveTarget } from '../resolve-target';

/** A log line; a workflow's lines also name their run and step. */
type Line = LogLine & { run_id?: string; step?: string };

/** `runnel logs <id|name> [-f]`: console lines of a source, or of a workflow's recent runs. */
export function registerLogs(program: Command): void {
  program
    .command('logs')
    .description("print a source's last 100 log lines (a workflow: its recent runs' step logs), and follow new ones with -f")
    .argument('<id|name>', 'a source or workflow')
    .option('-f, --follow', 'keep printing new lines')
    .action(
      action<{ follow?: boolean }>(async (ctx, opts, ref) => {
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        const feed = opts.follow ? await openFeed(client) : undefined;
        let lines: Line[];
        if (target.kind === 'source') {
          lines = await client.api.data('sourceLogs', { id: target.id });
        } else {
          const runs = (await client.api.data('listRuns', { id: target.id, query: { limit: 10 } })).filter((r) => r.status !== 'running').reverse();
          lines = runs.flatMap((r) => r.steps.flatMap((s) => s.logs.map((l) => ({ ...l, run_id: r.id, step: s.name }))));
        }
        const human = (l: Line) => logLine(ctx.out, l, l.step ? ctx.out.color.dim(`${l.step}: `) : '');
        if (!feed) {
          ctx.out.result(lines, () => (lines.length === 0 ? 'No log lines yet.' : lines.map(human).join('\n')));
          return;
        }
        for (const l of lines) ctx.out.record(l, () => human(l));
        if (target.kind === 'workflow') return follow(feed.main, ctx.out, target, { logs: true });
        // Log lines have no ids: skip the stream's copies of lines already printed.
        const seen = new Set(lines.map((l) => `${l.ts}\n${l.line}`));
        const lastTs = lines.at(-1)?.ts ?? 0;
        for await (const f of feed.main) {
          if (f.type !== 'log' || f.source_id !== target.id || f.line.ts < lastTs || seen.has(`${f.line.ts}\n${f.line.line}`)) continue;
          ctx.out.record(f.line, () => human(f.line));
        }
      }),
    );
}
