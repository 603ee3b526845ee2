import type { Command } from 'commander';
import type { ImportReport } from '../../../shared/projects-api';
import { action } from '../cli-context';
import { CliError } from '../errors';
import type { Output } from '../output';
import { intoExistingFolders, readFolder, writeFolder } from '../project-folder';

const COMPONENT_FILE = /\.(m?js|cjs|ts)$/;

/** `runnel import <folder>` and `runnel export <folder>`: the hosted service's synced project format (docs/migrate.md). */
export function registerProject(program: Command): void {
  program
    .command('import')
    .description("import a synced project folder (the hosted service's GitHub Sync layout); importing again updates in place")
    .argument('<folder>', 'the project folder: README.md and one <name>-<p_id>/ folder per workflow')
    .option('--components <dir>', 'a folder of action components to resolve registry actions (uses: <app>-<action>@<version>) from')
    .option('--schedule <spec>', 'a timer trigger\'s schedule, <p_id or workflow name>=<"every 5m" | cron>; repeatable', collect, [])
    .option('--dry-run', 'show what the import would do, change nothing')
    .action(
      action<{ components?: string; schedule: string[]; dryRun?: boolean }>(async (ctx, opts, folder) => {
        const files = await readFolder(String(folder));
        const components = opts.components ? await readFolder(opts.components, (p) => COMPONENT_FILE.test(p)) : undefined;
        const schedules = Object.fromEntries(opts.schedule.map(parseSchedule));
        const body = { files, ...(components ? { components } : {}), ...(opts.schedule.length ? { schedules } : {}), ...(opts.dryRun ? { dry_run: true } : {}) };
        const report = await (await ctx.client()).api.data('importProject', { body });
        ctx.out.result(report, () => formatReport(report, ctx.out));
        if (report.workflows.some((w) => w.action === 'error')) process.exitCode = 1;
      }),
    );

  program
    .command('export')
    .description('write the workflows to a folder in the synced project format (secret props are written masked)')
    .argument('<folder>', 'the folder to write (created if missing; files of the same names are replaced)')
    .action(
      action(async (ctx, _opts, folder) => {
        const { files: exported } = await (await ctx.client()).api.data('exportProject');
        const files = await intoExistingFolders(String(folder), exported);
        const n = await writeFolder(String(folder), files);
        const workflows = Object.keys(files).filter((p) => p.endsWith('/workflow.yaml')).length;
        ctx.out.result({ folder, files: Object.keys(files) }, () => `Wrote ${workflows} workflow${workflows === 1 ? '' : 's'} (${n} files) to ${folder}`);
      }),
    );
}

/** What the report says a workflow's import did, or (dry run) would do. */
const VERBS = { create: ['Created', 'Would create'], update: ['Updated', 'Would update'] } as const;

const FOUND_IN = { components: 'from the components folder', registry: "from Runnel's registry", npm: 'from npm' } as const;

/** What a trigger without an endpoint became. */
function triggerText(t: ImportReport['workflows'][number]['trigger']): string {
  if (t.type === 'timer') return `timer ${t.schedule}`;
  if (t.type === 'http' || t.type === 'email') return `an ${t.type === 'http' ? 'HTTP' : 'e-mail'} endpoint`;
  if (t.type === 'source' && t.source_id) return `source ${t.source_id} (set in Runnel)`;
  if (t.hosted_id?.startsWith('ti_')) return 'a timer that needs a schedule (runs by hand until then)';
  return 'runs by hand until a source is set (placeholder)';
}

function collect(v: string, all: string[]): string[] {
  return [...all, v];
}

function parseSchedule(spec: string): [string, string] {
  const i = spec.indexOf('=');
  if (i <= 0 || i === spec.length - 1) throw new CliError(`--schedule ${spec}: give <p_id or workflow name>=<"every 5m" or a cron expression>`);
  return [spec.slice(0, i).trim(), spec.slice(i + 1).trim()];
}

/** The report as a user reads it: each workflow, its trigger's new address, and what is left to do. */
function formatReport(r: ImportReport, out: Output): string {
  const c = out.color;
  const lines: string[] = [];
  if (r.dry_run) lines.push('Dry run: nothing was changed. The import would do this:');
  for (const w of r.workflows) {
    const verb = w.action === 'error' ? c.red('Failed') : c.green(VERBS[w.action][r.dry_run ? 1 : 0]);
    lines.push(`${verb} ${w.name} (${w.hosted_id}${w.workflow_id ? ` → ${w.workflow_id}` : ''})${w.active ? '' : c.dim('  inactive')}`);
    if (w.error) lines.push(`  ${c.red(w.error)}`);
    const t = w.trigger;
    if (t.hosted_id) lines.push(`  ${t.hosted_id} → ${t.endpoint_url ?? triggerText(t)}`);
    for (const u of w.unmapped_triggers) lines.push(`  ${c.yellow(`${u.id} not mapped: ${u.reason}`)}`);
    for (const s of w.steps) {
      if (s.status === 'disabled') lines.push(c.dim(`  step "${s.name}" is disabled (skipped by every run)`));
      // A registry action: where it was found (or will be), and a version other than the one named.
      else if (s.status === 'ok' && s.resolved_from === 'code' && s.reason) lines.push(`  ${c.yellow(`step "${s.name}": ${s.reason}`)}`);
      else if (s.status === 'ok' && s.resolved_from && s.resolved_from !== 'code') lines.push(c.dim(`  step "${s.name}": ${s.uses} ${r.dry_run && s.reason ? s.reason : `${FOUND_IN[s.resolved_from]}${s.reason ? ` (${s.reason})` : ''}`}`));
    }
    for (const n of w.needs) lines.push(`  ${c.yellow(`needs ${n}`)}`);
  }
  for (const a of r.accounts) {
    lines.push(
      a.needs_credentials
        ? `${c.yellow(`Account ${a.id} (${a.app}) needs credentials`)}: fill it once in the UI's Accounts screen or PUT /v1/accounts/${a.id} (used by ${a.used_by.join(', ')})`
        : `Account ${a.id} (${a.app}) is connected`,
    );
  }
  for (const d of r.data_stores) lines.push(`Data store ${d.id} ${d.created ? (r.dry_run ? 'would be created' : 'created') : 'kept'} (used by ${d.used_by.join(', ')})`);
  for (const p of r.problems) lines.push(c.red(`Not imported: ${p}`));
  return lines.join('\n');
}
