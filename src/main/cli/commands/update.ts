import type { Command } from 'commander';
import type { DeployedSource, Workflow } from '../../../shared/resources';
import { bundleFile } from '../bundle-file';
import { action } from '../cli-context';
import { CliError } from '../errors';
import { resolveTarget } from '../resolve-target';
import { collectProp, parseProps } from '../values';
import { settingsBody, settingsFlags, type SettingsOptions } from '../workflow-settings';

interface UpdateOptions extends SettingsOptions {
  code?: string;
  name?: string;
  activate?: boolean;
  deactivate?: boolean;
  prop?: string[];
}

/** `runnel update <id|name>`: new code, name, props or state for a source or workflow, in place. */
export function registerUpdate(program: Command): void {
  program
    .command('update')
    .description('update a source or workflow in place: new code, name, props, or (de)activate it')
    .argument('<id|name>', 'a source or workflow')
    .option('--code <file>', 'new component code (a one-step workflow: its step)')
    .option('--name <name>', 'a new name')
    .option('--prop <name=value>', 'a prop value, JSON when it parses (repeatable; null resets to the default)', collectProp, [])
    .option('--activate', 'activate it')
    .option('--deactivate', 'deactivate it (timer paused, endpoint answers 404)')
    .option('--concurrency <n|unlimited>', 'workflow: how many of its runs may run at once')
    .option('--throttle <limit/unit|none>', 'workflow: at most LIMIT events per second, minute or hour (e.g. 20/minute; 0/minute pauses)')
    .option('--queue-size <n>', 'workflow: how many events may wait before more are refused (default 100)')
    .option('--timeout <seconds>', 'workflow: how long a run may take (1–750)')
    .option('--memory <mb>', 'workflow: memory for each run (256–10240 MB)')
    .action(
      action<UpdateOptions>(async (ctx, opts, ref) => {
        if (opts.activate && opts.deactivate) throw new CliError('give --activate or --deactivate, not both');
        const props = parseProps(opts.prop);
        const code = opts.code ? (await bundleFile(opts.code)).body : undefined;
        const active = opts.activate ? true : opts.deactivate ? false : undefined;
        const settings = settingsBody(opts);
        if (code === undefined && opts.name === undefined && active === undefined && Object.keys(props).length === 0 && Object.keys(settings).length === 0) {
          throw new CliError('nothing to update: give --code, --name, --prop, --activate or --deactivate (or a workflow setting)');
        }
        const client = await ctx.client();
        const target = await resolveTarget(client, ref);
        let updated: DeployedSource | Workflow;
        if (target.kind === 'source') {
          const flags = settingsFlags(opts);
          if (flags.length > 0) throw new CliError(`${flags.join(', ')}: these are workflow settings; a source runs its events one at a time`);
          updated = await client.api.data('updateSource', {
            id: target.id,
            body: { ...code, name: opts.name, active, configured_props: Object.keys(props).length > 0 ? props : undefined },
          });
        } else {
          const wf = (target as Extract<typeof target, { kind: 'workflow' }>).workflow;
          let steps;
          if (code !== undefined || Object.keys(props).length > 0) {
            if (wf.steps.length !== 1) throw new CliError(`workflow "${wf.name}" has ${wf.steps.length} steps; --code and --prop need a one-step workflow`);
            const [s] = wf.steps;
            // New code is the step's own code (an inline step: name and version optional, as in the editor).
            const what = code !== undefined ? { code: code.component_code, component_filename: code.component_filename, component_bundle: code.component_bundle } : { component_id: s.component_id };
            steps = [{ name: s.name, ...what, configured_props: { ...s.configured_props, ...props } }];
          }
          updated = await client.api.data('updateWorkflow', { id: target.id, body: { name: opts.name, active, steps, ...settings } });
        }
        ctx.out.result(updated, () => `${ctx.out.color.green('Updated')} ${target.kind} "${updated.name}" (${updated.id})${updated.active ? '' : ', inactive'}`);
      }),
    );
}
