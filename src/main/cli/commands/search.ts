import type { Command } from 'commander';
import type { SearchQuery } from '../../../shared/search-api';
import { action } from '../cli-context';
import { isoTime } from '../output';
import { durationArg } from '../values';

interface SearchOptions {
  status?: string;
  since?: string;
  kind?: string;
  n: string;
}

/** `runnel search [text] [--status error] [--since 1h] [--kind source|workflow]`: events and runs by payload. */
export function registerSearch(program: Command): void {
  program
    .command('search')
    .description("find sources' events and workflows' runs by a text in their payload (or field:value), newest first")
    .argument('[text]', 'case-insensitive text, or path.to.field:text (empty: everything)')
    .option('--status <status>', 'ok, error or all', 'all')
    .option('--since <duration>', 'only the last 90s, 15m, 2h, 1d, … ')
    .option('--kind <kind>', 'source or workflow')
    .option('-n <count>', 'how many (1–200)', '50')
    .action(
      action<SearchOptions>(async (ctx, opts, text) => {
        const client = await ctx.client();
        // The service checks the values (status, kind, the count) and says what it accepts.
        const query = {
          limit: opts.n,
          status: (opts.status ?? 'all') as SearchQuery['status'],
          ...(text ? { q: text } : {}),
          ...(opts.kind ? { kind: opts.kind as SearchQuery['kind'] } : {}),
          ...(opts.since ? { since: String(Date.now() - durationArg(opts.since, '--since: ') * 1000) } : {}),
        };
        const hits = await client.api.data('search', { query });
        ctx.out.result(hits, () => {
          if (hits.length === 0) return 'Nothing found.';
          const c = ctx.out.color;
          const rows = hits.map((h) => [
            h.kind === 'workflow_run' ? 'run' : 'event',
            h.name,
            h.id,
            isoTime(h.ts),
            h.status === 'error' ? c.red('error') : c.green('ok'),
            (h.match || h.summary).replace(/\s+/g, ' '),
          ]);
          return ctx.out.table(['KIND', 'NAME', 'ID', 'TIME', 'STATUS', 'MATCH'], rows);
        });
      }),
    );
}
