import type { Command } from 'commander';
import { action } from '../cli-context';
import type { RunnelClient } from '../client';
import { CliError } from '../errors';
import { resolveTarget } from '../resolve-target';

interface SubscribeOptions {
  emitter?: string;
  listener?: string;
  channel: string;
}

/** `runnel subscribe` / `runnel unsubscribe`: a workflow listening to a source's or workflow's events. */
export function registerSubscribe(program: Command): void {
  for (const verb of ['subscribe', 'unsubscribe'] as const) {
    program
      .command(verb)
      .description(verb === 'subscribe' ? "run a workflow on each event of a source or workflow (a channel of it)" : 'remove such a subscription')
      .requiredOption('--emitter <id|name>', 'a source, a workflow, or dc_* (every source) / p_* (every workflow)')
      .requiredOption('--listener <id|name>', 'the workflow that runs')
      .option('--channel <name>', 'the channel ($errors: a workflow\'s errors)', '')
      .action(
        action<SubscribeOptions>(async (ctx, opts) => {
          const client = await ctx.client();
          const emitter = opts.emitter === 'dc_*' || opts.emitter === 'p_*' ? opts.emitter : (await resolveTarget(client, opts.emitter!)).id;
          const listener = await resolveTarget(client, opts.listener!, ['workflow']);
          const query = { emitter_id: emitter, listener_id: listener.id, event_name: opts.channel };
          const channel = opts.channel === '' ? 'the default channel' : `channel ${opts.channel}`;
          if (verb === 'subscribe') {
            const sub = await client.api.data('subscribe', { query });
            ctx.out.result(sub, () => `${ctx.out.color.green('Subscribed')} ${listener.name} (${listener.id}) to ${channel} of ${emitter} (${sub.id})`);
          } else {
            await unsubscribe(client, query);
            ctx.out.result({ emitter_id: emitter, listener_id: listener.id, event_name: opts.channel, deleted: true }, () => `${ctx.out.color.green('Unsubscribed')} ${listener.name} (${listener.id}) from ${channel} of ${emitter}`);
          }
        }),
      );
  }
}

async function unsubscribe(client: RunnelClient, query: { emitter_id: string; listener_id: string; event_name: string }): Promise<void> {
  try {
    await client.api.data('unsubscribe', { query });
  } catch (err) {
    if (err instanceof CliError && err.code === 'not_found') throw new CliError('there is no such subscription (see runnel list subscriptions)', 1, 'not_found');
    throw err;
  }
}
