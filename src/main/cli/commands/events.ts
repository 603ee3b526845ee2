import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { eventIdAfter, openFeed } from '../feed';
import { eventLine, summaryFromFrame } from '../format';
import { resolveTarget } from '../resolve-target';

interface EventsOptions {
  n: string;
  follow?: boolean;
  channel: string;
}

/** `runnel events <id|name> [-n N] [-f]`: the newest events, oldest first, then new ones as they come. */
export function registerEvents(program: Command): void {
  program
    .command('events')
    .description("print a source's or workflow's most recent events (newest last), and follow new ones with -f")
    .argument('<id|name>', 'a source or workflow')
    .option('-n <count>', 'how many recent events (1–100)', '10')
    .option('-f, --follow', 'keep printing new events as they are stored')
    .option('--channel <name>', 'the channel (default: the default channel; $errors for workflow errors)', '')
    .action(
      action<EventsOptions>(async (ctx, opts, ref) => {
        const n = Number(opts.n);
        if (!Number.isInteger(n) || n < 1 || n > 100) throw new CliError(`-n must be a whole number from 1 to 100, got "${opts.n}"`);
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        // Opened before the listing so nothing stored in between is missed (ids tell repeats apart).
        const feed = opts.follow ? await openFeed(client) : undefined;
        const errors = opts.channel === '$errors' && target.kind === 'workflow';
        const args = { id: target.id, query: { limit: n, expand: 'event' as const, event_name: errors ? '' : opts.channel } };
        const op = target.kind === 'source' ? 'sourceEventSummaries' : errors ? 'workflowErrorSummaries' : 'workflowEventSummaries';
        const recent = (await client.api.data(op, args)).reverse();
        if (!feed) {
          ctx.out.result(recent, () => (recent.length === 0 ? `No events yet.` : recent.map((e) => eventLine(ctx.out, e)).join('\n')));
          return;
        }
        for (const e of recent) ctx.out.record(e, () => eventLine(ctx.out, e));
        let last = recent.at(-1)?.id;
        for await (const f of feed.main) {
          if (f.type !== 'emit' || f.emitter_id !== target.id || f.frame.name !== opts.channel || !eventIdAfter(f.frame.id, last)) continue;
          last = f.frame.id;
          const e = summaryFromFrame(f.frame);
          ctx.out.record(e, () => eventLine(ctx.out, e));
        }
      }),
    );
}
