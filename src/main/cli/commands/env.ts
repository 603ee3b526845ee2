import type { Command } from 'commander';
import { action } from '../cli-context';
import { CliError } from '../errors';

/** `runnel env [list] | set NAME VALUE | unset NAME`: the project's environment variables. */
export function registerEnv(program: Command): void {
  const env = program
    .command('env')
    .description('project environment variables: process.env.NAME in components, {{process.env.NAME}} in step props');

  env
    .command('list', { isDefault: true })
    .description('list the variables (secret values masked)')
    .action(
      action(async (ctx) => {
        const vars = await (await ctx.client()).api.data('listEnvVars');
        ctx.out.result(vars, () => (vars.length ? vars.map((v) => `${v.name}=${v.value}${v.secret ? '' : ctx.out.color.dim('  (not secret)')}`).join('\n') : 'No environment variables yet: runnel env set NAME VALUE'));
      }),
    );

  env
    .command('set')
    .description('set a variable (created or replaced); secret unless --plain; VALUE "-" reads it from stdin')
    .argument('<name>', 'a letter or "_" followed by letters, digits or "_"')
    .argument('<value>', 'the value, or - to read it from standard input (keeps it out of shell history)')
    .option('--plain', 'not secret: the value is shown in lists and not masked in logs')
    .action(
      action<{ plain?: boolean }>(async (ctx, opts, name, value) => {
        const text = value === '-' ? await readStdin() : String(value);
        const v = await (await ctx.client()).api.data('putEnvVar', { name: String(name), body: { value: text, secret: !opts.plain } });
        ctx.out.result(v, () => `${ctx.out.color.green('Set')} ${v.name}${v.secret ? ' (secret)' : `=${v.value}`}`);
      }),
    );

  env
    .command('unset')
    .description('remove a variable')
    .argument('<name>')
    .action(
      action(async (ctx, _opts, name) => {
        const r = await (await ctx.client()).api.data('deleteEnvVar', { name: String(name) });
        ctx.out.result(r, () => `${ctx.out.color.green('Removed')} ${r.name}`);
      }),
    );
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('runnel env set NAME -: pipe the value in (echo "$VALUE" | runnel env set NAME -)');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
