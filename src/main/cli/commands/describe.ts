import type { Command } from 'commander';
import type { ConfigurableProp } from '../../../shared/resources';
import { action } from '../cli-context';
import { compact, isoSeconds } from '../format';
import { isoTime, type Output } from '../output';
import { resolveTarget, type Target } from '../resolve-target';

/** `runnel describe <id|name>`: one source, workflow or component, as the API gives it. */
export function registerDescribe(program: Command): void {
  program
    .command('describe')
    .description('show a source, workflow or saved component (by id, name, name slug or component key)')
    .argument('<id|name>', 'a source, workflow or component')
    .action(
      action(async (ctx, _opts, ref) => {
        const target = await resolveTarget(await ctx.client(), ref, ['source', 'workflow', 'component']);
        const data = target.kind === 'source' ? target.source : target.kind === 'workflow' ? target.workflow : target.component;
        ctx.out.result(data, () => describe(ctx.out, target));
      }),
    );
}

function describe(out: Output, t: Target): string {
  const c = out.color;
  const field = (k: string, v: unknown) => `${c.dim((k + ':').padEnd(16))}${typeof v === 'string' ? v : compact(v)}`;
  const lines = [c.bold(`${t.kind} ${t.name}`), field('id', t.id)];
  if (t.kind === 'source') {
    const s = t.source;
    lines.push(field('name slug', s.name_slug), field('active', s.active ? 'yes' : 'no'), field('component', `${s.component_key ?? '-'} (${s.component_id})`));
    lines.push(field('timeout', `${s.timeout_seconds} s`), field('created', isoSeconds(s.created_at)), field('updated', isoSeconds(s.updated_at)), field('last event', isoTime(s.last_event_at)));
    lines.push(c.dim('props:'), ...Object.entries(s.configured_props).map(([k, v]) => `  ${k} = ${compact(v)}`));
  } else if (t.kind === 'workflow') {
    const w = t.workflow;
    lines.push(field('active', w.active ? 'yes' : 'no'), field('trigger', w.trigger), field('deployment', w.deployment_id), field('timeout', `${w.timeout_seconds} s`));
    lines.push(field('created', isoSeconds(w.created_at)), field('updated', isoSeconds(w.updated_at)), c.dim('steps:'));
    for (const s of w.steps) lines.push(`  ${s.name}  ${c.dim(`${s.component_key ?? s.component_id} (${s.id})`)}${Object.keys(s.configured_props).length ? `  ${compact(s.configured_props)}` : ''}`);
  } else {
    const m = t.component;
    lines.push(field('key', m.key ?? '-'), field('version', m.version), field('type', m.type), field('description', m.description ?? '-'), field('code hash', m.code_hash));
    lines.push(field('created', isoSeconds(m.created_at)), c.dim('props:'), ...m.configurable_props.map((p) => `  ${propLine(p)}`));
  }
  return lines.join('\n');
}

function propLine(p: ConfigurableProp): string {
  const extra = [p.optional ? 'optional' : '', p.default !== undefined ? `default ${compact(p.default)}` : '', p.secret ? 'secret' : ''].filter(Boolean).join(', ');
  return `${p.name}: ${p.type}${p.app ? ` (${p.app})` : ''}${extra ? ` — ${extra}` : ''}${p.label ? `  "${p.label}"` : ''}`;
}
