import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { compact, eventLine, logLine, runLine } from '../format';
import { resolveTarget } from '../resolve-target';
import { parseEvent } from '../values';
import type { RunnelClient } from '../client';
import type { Output } from '../output';
import type { Workflow } from '../../../shared/resources';

const SAMPLES: Record<string, string> = { http: 'a sample HTTP request (no request yet', timer: 'a sample timer event (not fired yet', email: 'a sample e-mail (none received yet' };

/** No --event: the workflow's test event (its last real trigger's event, or a sample of its shape), said on a line of its own. */
async function testEventBody(client: RunnelClient, wf: Workflow, out: Output): Promise<{ event: unknown }> {
  const t = await client.api.data('workflowTestEvent', { id: wf.id });
  if (t.from === 'last_trigger') out.line(`with the event of the last trigger (run ${t.run_id})`);
  else if (SAMPLES[wf.trigger.type]) out.line(`with ${SAMPLES[wf.trigger.type]}; --event chooses the event)`);
  return { event: t.event };
}

/** `runnel run <id|name> [--event JSON|@file] [--event-id ID]`: one run by hand, waited for (a workflow's default event: its test event). */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run a source or workflow once with an event and wait for the outcome (exit 1 if it failed)')
    .argument('<id|name>', 'a source or workflow')
    .option('--event <json|@file>', 'the event: JSON, or @file (a fixture saved from the UI gives its event)')
    .option('--event-id <id>', "a source only: run the original input (the HTTP request, the timer event) that produced this event again; --event replaces it")
    .action(
      action<{ event?: string; eventId?: string }>(async (ctx, opts, ref) => {
        const event = await parseEvent(opts.event);
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        const body = event === undefined ? {} : { event };
        const out = ctx.out;
        if (opts.eventId !== undefined && target.kind !== 'source') {
          throw new CliError('--event-id re-runs the input of a source\'s event; a workflow is run with --event');
        }
        if (target.kind === 'source') {
          const r =
            opts.eventId !== undefined
              ? await client.api.data('rerunSourceEvent', { id: target.id, event_id: opts.eventId, body })
              : await client.api.data('runSource', { id: target.id, body });
          out.result(r, () =>
            [
              `${r.ok ? out.color.green('ok') : out.color.red('failed')} in ${r.duration_ms} ms: ${r.emitted.length} emitted${r.deduped ? `, ${r.deduped} deduped` : ''}`,
              ...r.emitted.map((e) => eventLine(out, e)),
            ].join('\n'),
          );
          if (!r.ok) throw new CliError(`run failed: ${r.error?.name ?? 'Error'}: ${r.error?.message ?? ''}`);
          return;
        }
        const wfBody = event === undefined && target.kind === 'workflow' ? await testEventBody(client, target.workflow, out) : body;
        const run = await client.api.data('runWorkflow', { id: target.id, body: wfBody });
        out.result(run, () =>
          [
            runLine(out, run),
            ...run.steps.flatMap((s) => [
              `  ${out.color.bold(s.name)} ${s.status}${s.$return_value !== undefined ? `  → ${compact(s.$return_value)}` : ''}${Object.keys(s.exports).length ? `  exports ${compact(s.exports)}` : ''}`,
              ...s.logs.map((l) => `    ${logLine(out, l)}`),
            ]),
          ].join('\n'),
        );
        if (run.status === 'error') {
          const failed = run.steps.find((s) => s.error);
          throw new CliError(`run failed${failed ? ` in step ${failed.name}: ${failed.error!.code}: ${failed.error!.message}` : ''}`);
        }
      }),
    );
}
