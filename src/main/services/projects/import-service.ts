import type { CreateWorkflowBody, HostedWorkflow, WorkflowTriggerBody } from '../../../shared/api';
import type { ImportProjectBody, ImportReport, ImportedWorkflow } from '../../../shared/projects-api';
import { RunnelError } from '../../../shared/errors';
import type { Accounts } from '../../runtime/accounts';
import type { ComponentCatalog } from '../../runtime/component-catalog';
import type { DataStores } from '../../runtime/data-stores';
import type { Secrets } from '../../runtime/secrets';
import type { WorkflowRuntime } from '../../runtime/workflows/workflow-runtime';
import { openNeeds } from '../../runtime/workflows/hosted-needs';
import type { DocumentStore } from '../../store/documents';
import type { WorkflowDoc } from '../../store/document-types';
import type { PublishChange } from '../change-feed';
import type { WorkflowsService } from '../workflows-service';
import { parseHostedProject, type HostedProjectWorkflow } from './hosted-project';
import { exportProject } from './project-export';
import { isObject, planTrigger, type TriggerPlan } from './project-mapping';
import { resolveStep, type ResolvedStep } from './step-resolver';

export interface ProjectsServiceDeps {
  docs: DocumentStore;
  runtime: WorkflowRuntime;
  workflows: WorkflowsService;
  catalog: ComponentCatalog;
  accounts: Accounts;
  dataStores: DataStores;
  secrets: Secrets;
  changed: PublishChange;
}

interface Planned {
  hw: HostedProjectWorkflow;
  existing: WorkflowDoc | undefined;
  plan: TriggerPlan;
  schedule: string | undefined;
  steps: ResolvedStep[];
}

/**
 * Import and export of the hosted service's synced project format (docs/migrate.md). An import
 * is keyed by the hosted `p_…` id, so importing again updates in place; accounts (`apn_…`) and
 * data stores (`ds_…`) keep their hosted ids and are shared across the workflows naming them.
 */
export class ProjectsService {
  constructor(private readonly deps: ProjectsServiceDeps) {}

  async import(body: ImportProjectBody): Promise<ImportReport> {
    const dry = body.dry_run === true;
    const project = parseHostedProject(body.files);
    const problems = [...project.problems];
    const resolver = { catalog: this.deps.catalog, componentByKey: (k: string) => this.deps.docs.componentByKey(k), localComponents: body.components ?? {} };
    const planned: Planned[] = [];
    for (const hw of project.workflows) {
      const existing = this.deps.runtime.list().find((w) => (w.hosted?.id ?? w.id) === hw.id);
      const schedule = body.schedules?.[hw.id] ?? body.schedules?.[hw.name] ?? body.schedules?.[hw.folder];
      let plan: TriggerPlan;
      try {
        plan = keepCompletedTrigger(planTrigger(hw.triggers, hw.id, schedule), existing);
      } catch (err) {
        problems.push(`${hw.folder}: ${(err as Error).message}`);
        continue;
      }
      const steps: ResolvedStep[] = [];
      for (const hs of hw.steps) steps.push(await resolveStep(resolver, hs, dry));
      planned.push({ hw, existing, plan, schedule, steps });
    }
    const { accounts, stores } = await this.slots(planned, dry);
    const workflows: ImportedWorkflow[] = [];
    for (const p of planned) workflows.push(await this.save(p, dry, project.project_id));
    return { dry_run: dry, project_id: project.project_id, workflows, accounts, data_stores: stores, problems };
  }

  /** Runnel's workflows in the synced format (secret props masked: they are never written out). */
  export(): { files: Record<string, string> } {
    const wfs = [...this.deps.runtime.list()].reverse().map((wf) => ({
      id: wf.id,
      name: wf.name,
      active: wf.active,
      timeout_seconds: wf.timeout_seconds,
      trigger: wf.trigger,
      hosted: wf.hosted ? { ...wf.hosted, needs: openNeeds(wf) } : undefined,
      steps: wf.steps.map((s) => {
        const c = this.deps.docs.component(s.component_id);
        return {
          name: s.name,
          disabled: s.disabled,
          unresolved: s.unresolved,
          ...(s.runtime ? { runtime: s.runtime } : {}),
          hosted: s.hosted,
          configured_props: this.deps.secrets.mask(s.configured_props),
          component: c ? { inline: !!c.inline, code: c.code, key: c.key, version: c.version } : null,
        };
      }),
    }));
    return { files: exportProject(wfs) };
  }

  /** The account and data store slots the steps name: created (with the hosted id) when missing. */
  private async slots(planned: Planned[], dry: boolean): Promise<{ accounts: ImportReport['accounts']; stores: ImportReport['data_stores'] }> {
    const accounts = new Map<string, { app: string; used_by: Set<string> }>();
    const stores = new Map<string, Set<string>>();
    for (const p of planned) {
      for (const s of p.steps) {
        for (const [prop, v] of Object.entries(s.body.configured_props ?? {})) {
          if (!isObject(v)) continue;
          if (typeof v.account_id === 'string') {
            const slot = accounts.get(v.account_id) ?? { app: appOf(s, prop), used_by: new Set<string>() };
            slot.used_by.add(p.hw.id);
            accounts.set(v.account_id, slot);
          }
          if (typeof v.data_store_id === 'string') stores.set(v.data_store_id, (stores.get(v.data_store_id) ?? new Set()).add(p.hw.id));
        }
      }
    }
    const accountReport: ImportReport['accounts'] = [];
    for (const [id, slot] of accounts) {
      const have = this.deps.docs.data.accounts.find((a) => a.id === id);
      if (!have && !dry) await this.deps.accounts.create({ app: slot.app, name: `${slot.app} (imported ${id})`, auth: {} }, id);
      const filled = have ? Object.keys(this.deps.accounts.one(id).auth).length > 0 : false;
      accountReport.push({ id, app: have?.app ?? slot.app, created: !have, needs_credentials: !filled, used_by: [...slot.used_by] });
    }
    if (accounts.size && !dry) this.deps.changed('accounts');
    const storeReport: ImportReport['data_stores'] = [];
    for (const [id, users] of stores) {
      const have = this.deps.dataStores.list().some((d) => d.id === id);
      if (!have && !dry) await this.deps.dataStores.create(`imported ${id}`, id);
      storeReport.push({ id, created: !have, used_by: [...users] });
    }
    return { accounts: accountReport, stores: storeReport };
  }

  private async save(p: Planned, dry: boolean, project: string | null): Promise<ImportedWorkflow> {
    const { hw, existing, plan } = p;
    const unresolved = p.steps.filter((s) => s.report.status === 'unresolved').map((s) => `step "${s.report.name}" is unresolved: ${s.report.reason}`);
    const needs = [...plan.needs, ...unresolved];
    const active = !hw.inactive && needs.length === 0;
    const lambda = typeof hw.settings.lambda_timeout === 'number' ? Math.round(hw.settings.lambda_timeout) : null;
    const timeout = lambda === null ? null : Math.min(750, Math.max(1, lambda));
    const { lambda_timeout: _dropped, ...settings } = hw.settings;
    const hosted: HostedWorkflow = { id: hw.id, triggers: hw.triggers, needs, ...(hw.inactive ? { inactive: true } : {}), ...(project ? { project } : {}), ...(Object.keys(settings).length ? { settings } : {}) };
    const body: CreateWorkflowBody = {
      name: hw.name,
      trigger: plan.trigger,
      steps: p.steps.map((s) => s.body),
      ...(timeout !== null ? { timeout_seconds: timeout } : {}),
      hosted,
    };
    const report: ImportedWorkflow = {
      hosted_id: hw.id,
      folder: hw.folder,
      name: hw.name,
      action: existing ? 'update' : 'create',
      workflow_id: existing?.id ?? null,
      active,
      trigger: { hosted_id: plan.mapped?.id ?? null, type: plan.trigger.type, ...(plan.trigger.type === 'timer' ? { schedule: scheduleText(plan.trigger) } : {}), ...(plan.trigger.type === 'source' ? { source_id: plan.trigger.source_id } : {}) },
      needs,
      unmapped_triggers: plan.unmapped,
      steps: p.steps.map((s) => s.report),
      timeout_seconds: timeout,
    };
    if (dry) return report;
    try {
      const wf = existing ? await this.deps.workflows.update(existing.id, { ...body, active }) : await this.deps.workflows.create(body);
      const final = !existing && !active ? await this.deps.workflows.update(wf.id, { active: false }) : wf;
      return { ...report, workflow_id: final.id, ...(final.trigger.type === 'http' || final.trigger.type === 'email' ? { trigger: { ...report.trigger, endpoint_url: final.trigger.endpoint_url } } : {}) };
    } catch (err) {
      // A step Runnel refuses (an action of another version that does not take the props the
      // repository gives it, a prop over the size limit, an account slot of another app, …):
      // keep the workflow, with that step unresolved and Runnel's own reason.
      const message = (err as Error).message;
      const named = err instanceof RunnelError ? err.details?.step : undefined;
      const i = p.steps.findIndex((s) => s.report.name === named && s.report.status !== 'unresolved');
      if (i >= 0) {
        const own = `Step "${p.steps[i].report.name}": `;
        const reason = `${p.steps[i].report.uses} was refused: ${message.startsWith(own) ? message.slice(own.length) : message}; fix the step in Runnel, or in the repository and import again`;
        return this.save({ ...p, steps: p.steps.map((s, j) => (j === i ? unresolvedStep(s, reason) : s)) }, dry, project);
      }
      return { ...report, action: 'error', active: false, error: message };
    }
  }
}

/** `s` kept but not runnable, saying why: its `uses`, props and code stay for the export. */
function unresolvedStep(s: ResolvedStep, reason: string): ResolvedStep {
  const b = s.body;
  const code = b.hosted?.code ?? b.code;
  return {
    body: { name: b.name, configured_props: b.configured_props, ...(b.disabled ? { disabled: true } : {}), unresolved: reason, hosted: { ...b.hosted!, ...(code !== undefined ? { code } : {}) } },
    report: { ...s.report, status: 'unresolved', reason },
  };
}

/** The app of an app prop: the component's declaration, else the hosted `__configurableProps`, else the prop's name. */
function appOf(s: ResolvedStep, prop: string): string {
  const desc = s.component?.props.find((d) => d.name === prop && d.type === 'app');
  if (desc) return desc.app ?? prop;
  const declared = s.body.hosted?.configurable_props?.find((d) => isObject(d) && d.name === prop && typeof d.app === 'string') as { app: string } | undefined;
  return declared?.app ?? prop;
}

/** A schedule or source the user gave the workflow after an earlier import stays when the format still lacks it. */
function keepCompletedTrigger(plan: TriggerPlan, existing: WorkflowDoc | undefined): TriggerPlan {
  const t = existing?.trigger;
  if (!plan.needs.length || !t || !plan.mapped) return plan;
  if (plan.mapped.kind === 'timer' && t.type === 'timer') {
    const trigger: WorkflowTriggerBody = { type: 'timer', ...(t.intervalSeconds ? { intervalSeconds: t.intervalSeconds } : {}), ...(t.cron ? { cron: t.cron } : {}), ...(t.timezone ? { timezone: t.timezone } : {}) };
    return { ...plan, trigger, needs: [] };
  }
  if ((plan.mapped.kind === 'source' || plan.mapped.kind === 'subscription') && t.type === 'source') return { ...plan, trigger: { type: 'source', source_id: t.source_id }, needs: [] };
  return plan;
}

function scheduleText(t: Extract<WorkflowTriggerBody, { type: 'timer' }>): string {
  return t.cron ?? `every ${t.intervalSeconds}s`;
}
