import type { Command } from 'commander';
import type { ClockRun } from '../../../shared/clock-api';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { formatDuration } from '../../../shared/duration';
import { durationArg } from '../values';

import { eventLine, runLine } from '../format';
import type { Output } from '../output';
import { resolveTarget } from '../resolve-target';

const offset = (seconds: number) => `clock offset ${seconds >= 0 ? '+' : ''}${formatDuration(seconds)}`;

/** `runnel clock fire|advance|next <id|name>`: the virtual clock of a timer-driven source or workflow. */
export function registerClock(program: Command): void {
  const clock = program
    .command('clock')
    .description("a timer-driven source's or workflow's virtual clock: fire it now, fast-forward it, preview its next firings");

  clock
    .command('fire')
    .description('fire the timer once now, as its schedule would, and wait for the outcome (exit 1 if it failed)')
    .argument('<id|name>', 'a timer-driven source or workflow')
    .action(
      action(async (ctx, _opts, ref) => {
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        const out = ctx.out;
        if (target.kind === 'source') {
          const r = await client.api.data('fireSourceTimer', { id: target.id });
          out.result(r, () =>
            [
              `${r.ok ? out.color.green('ok') : out.color.red('failed')}  fired at ${r.due_at} (timestamp ${r.timestamp}) in ${r.duration_ms} ms: ${r.emitted.length} emitted`,
              ...r.emitted.map((e) => eventLine(out, e)),
            ].join('\n'),
          );
          if (!r.ok) throw new CliError(`the run failed: ${r.error?.name ?? 'Error'}: ${r.error?.message ?? ''}`);
          return;
        }
        const run = await client.api.data('fireWorkflowTimer', { id: target.id });
        out.result(run, () => `fired at ${run.due_at} (timestamp ${run.timestamp})\n${runLine(out, run)}`);
        if (run.status === 'error') {
          const failed = run.steps.find((s) => s.error);
          throw new CliError(`the run failed${failed ? ` in step ${failed.name}: ${failed.error!.code}: ${failed.error!.message}` : ''}`);
        }
      }),
    );

  clock
    .command('advance')
    .description(
      'move the clock forward: every firing due on the way runs, and every paused workflow run (delay, rerun, suspend timeout) due goes on, in order, one at a time, with the timestamp it would have had',
    )
    .argument('<id|name>', 'a timer-driven source or workflow, or a workflow with paused runs')
    .argument('<duration>', 'how far: 90s, 15m, 2h, 1d, 1h30m, or a number of seconds')
    .action(
      action(async (ctx, _opts, ref, duration) => {
        const seconds = durationArg(duration);
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        const a = await client.api.data(target.kind === 'source' ? 'advanceSourceClock' : 'advanceWorkflowClock', { id: target.id, body: { seconds } });
        const out = ctx.out;
        out.result(a, () =>
          [
            `Advanced ${target.kind} "${target.name}" by ${formatDuration(seconds)}: ${a.from} → ${a.to}`,
            a.fired + a.resumed === 0
              ? 'No firing or paused run was due in that span.'
              : `${a.fired} firing${a.fired === 1 ? '' : 's'}${a.resumed ? `, ${a.resumed} paused run${a.resumed === 1 ? '' : 's'} went on` : ''}:`,
            ...a.runs.map((r) => `  ${runText(out, r)}`),
            `next: ${a.next ?? 'never'}  (${offset(a.offset_seconds)})`,
          ].join('\n'),
        );
        const failed = a.runs.filter((r) => !r.ok).length;
        if (failed > 0) throw new CliError(`${failed} of ${a.fired + a.resumed} ${a.resumed ? 'firings and paused runs' : 'firings'} failed`);
      }),
    );

  clock
    .command('next')
    .description('preview the next fire times on the virtual clock')
    .argument('<id|name>', 'a timer-driven source or workflow')
    .option('-n <count>', 'how many (1–100)', '5')
    .action(
      action<{ n: string }>(async (ctx, opts, ref) => {
        const n = Number(opts.n);
        if (!Number.isInteger(n) || n < 1 || n > 100) throw new CliError(`-n must be a whole number from 1 to 100, got "${opts.n}"`);
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        const next = await client.api.data(target.kind === 'source' ? 'sourceClockNext' : 'workflowClockNext', { id: target.id, query: { n } });
        ctx.out.result(next, () => [`now ${next.now}  (${offset(next.offset_seconds)})`, ...next.times.map((t) => `  ${t}`)].join('\n'));
      }),
    );
}

/** `2026-…Z  ok  1 emitted` / `2026-…Z  failed  Error: boom` */
function runText(out: Output, r: ClockRun): string {
  const status = r.ok ? out.color.green('ok') : out.color.red('failed');
  const detail = r.error ? `${r.error.name}: ${r.error.message}` : r.run_id ? `run ${r.run_id} ${r.status}` : `${r.emitted ?? 0} emitted`;
  return `${r.due_at}  ${status}  ${r.resumed ? `${r.resumed} due: ` : ''}${detail}`;
}
