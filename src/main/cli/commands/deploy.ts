import type { Command } from 'commander';
import { action } from '../cli-context';
import { deployComponent, endpointOf, loadComponent, type DeployableComponent } from '../deploy-target';
import { CliError } from '../errors';
import { openFeed, type Feed, type FeedReader } from '../feed';
import { follow } from '../follow';
import { canPrompt, missingProps, promptProps } from '../prompt-props';
import { collectProp, parseProps } from '../values';

interface DeployOptions {
  prop?: string[];
  name?: string;
  trigger?: string;
  follow: boolean;
}

/** `runnel deploy <file|registry-key>`: saves, configures and deploys a component, then follows it. */
export function registerDeploy(program: Command): void {
  program
    .command('deploy')
    .description('deploy a component file or registry key (a source, or an action as a one-step workflow), then follow its events')
    .argument('<file|registry-key>', 'a component file (JS or TS; local imports are bundled) or a registry key')
    .option('--prop <name=value>', 'a prop value, JSON when it parses (repeatable)', collectProp, [])
    .option('--name <name>', "the deployment's name (default: the component's name)")
    .option('--trigger <type>', 'for an action: http or manual (default: http if it calls $.respond)')
    .option('--no-follow', 'print the deployment and exit instead of following its events')
    .action(
      action<DeployOptions>(async (ctx, opts, arg) => {
        const client = await ctx.client();
        const props = parseProps(opts.prop);
        const tty = Boolean(process.stderr.isTTY) && !ctx.flags.json;
        // The account stream is opened first so package fetch progress shows while saving.
        const feed: Feed | undefined = tty || opts.follow ? await openFeed(client) : undefined;
        const spinner = tty ? (await import('yocto-spinner')).default({ text: `Deploying ${arg}`, stream: process.stderr }).start() : undefined;
        const activity = spinner && feed ? feed.reader() : undefined;
        if (spinner && activity) void showActivity(activity, (line) => (spinner.text = line));
        let component: DeployableComponent;
        let deployed;
        try {
          component = await loadComponent(client, arg);
          const missing = missingProps(component.configurable_props, props);
          if (missing.length > 0 && canPrompt()) {
            spinner?.stop();
            Object.assign(props, await promptProps(missing));
            spinner?.start(`Deploying ${component.name}`);
          }
          deployed = await deployComponent(client, component, { name: opts.name, props, trigger: opts.trigger });
        } catch (err) {
          activity?.close();
          spinner?.error(`Deploy failed`);
          feed?.close();
          throw err;
        }
        activity?.close();
        spinner?.success(`Deployed ${deployed.type} ${deployed.resource.name}`);
        const summary = { type: deployed.type, id: deployed.resource.id, name: deployed.resource.name, endpoint_url: endpointOf(deployed), resource: deployed.resource };
        const human = () =>
          [
            `${ctx.out.color.green('Deployed')} ${deployed.type} "${summary.name}"`,
            `  id:       ${summary.id}`,
            `  name:     ${summary.name}`,
            ...(summary.endpoint_url ? [`  endpoint: ${summary.endpoint_url}`] : []),
          ].join('\n');
        if (!opts.follow || !feed) {
          feed?.close();
          ctx.out.result(summary, human);
          return;
        }
        ctx.out.record(summary, human);
        ctx.out.line(ctx.out.color.dim('Following events and logs (Ctrl-C to stop)…'));
        await follow(feed.main, ctx.out, { kind: deployed.type, id: summary.id }, { events: true, logs: true, runs: true, tagged: true });
        throw new CliError('the event stream ended');
      }),
    );
}

async function showActivity(reader: FeedReader, show: (line: string) => void): Promise<void> {
  try {
    for await (const f of reader) if (f.type === 'activity') show(f.line);
  } catch {
    /* the stream ended: the deploy itself reports */
  }
}
