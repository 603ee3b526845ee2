import type { Command } from 'commander';
import { RunnelClient } from './client';
import { resolveConnection, type ConnectionFlags } from './connection';
import { CliError } from './errors';
import { Output } from './output';

/** What every command gets: its output and a client for the service it talks to. */
export interface CommandContext {
  out: Output;
  client(): Promise<RunnelClient>;
  /** The global flags (`--url`, `--api-key`, `--profile`, `--data-dir`, `--json`). */
  flags: ConnectionFlags & { json?: boolean };
}

/**
 * Wraps a command's action: builds its context from the global flags, and turns any error into
 * one line on stderr (`runnel <verb>: <reason>`, `runnel clock advance: <reason>`) and a non-zero exit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function action<O = Record<string, any>>(fn: (ctx: CommandContext, opts: O, ...positional: string[]) => Promise<void>) {
  return async function (this: Command, ...args: unknown[]): Promise<void> {
    const flags = this.optsWithGlobals() as CommandContext['flags'];
    const out = new Output(Boolean(flags.json));
    let client: RunnelClient | undefined;
    const ctx: CommandContext = { out, flags, client: async () => (client ??= new RunnelClient(await resolveConnection(flags))) };
    try {
      await fn(ctx, this.opts() as O, ...(args.slice(0, -2) as string[]));
    } catch (err) {
      const message = err instanceof CliError ? err.message : err instanceof Error ? err.message : String(err);
      process.stderr.write(`runnel ${commandPath(this)}: ${message.split('\n')[0]}\n`);
      process.exitCode = err instanceof CliError ? err.exitCode : 1;
    }
  };
}

/** The words after `runnel` that named the command: `deploy`, or `clock advance` for a subcommand. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
