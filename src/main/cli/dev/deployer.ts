import type { DeployedSource, SavedComponent, Workflow } from '../../../shared/resources';
import type { ComponentFileBody } from '../bundle-file';
import type { RunnelClient } from '../client';
import { parseProps } from './props';

/** What `runnel dev` keeps running for one component file. */
export interface DevDeployment {
  /** `source`: a deployed source; `workflow`: an action inside a one-step workflow. */
  kind: 'source' | 'workflow';
  id: string;
  name: string;
  /** The webhook address, for an HTTP source or an HTTP-triggered workflow. */
  endpoint: string | null;
  /** True when an earlier deployment with this name was taken over rather than created. */
  reused: boolean;
}

export interface DeployOptions {
  /** `--name`; the component's `name` when absent. */
  name?: string;
  /** `--prop name=value` flags. */
  props: string[];
  /** `--http`: an action's workflow gets an HTTP trigger instead of a manual one. */
  http: boolean;
  /** Folder mode: each `--prop` goes only to the components that declare it. */
  onlyDeclaredProps?: boolean;
  /** Called with the name before anything is created; throws to refuse it. */
  claimName?: (name: string) => void;
}

interface Tracked extends DevDeployment {
  /** The workflow's step name (kept across reloads, so is the step's db). */
  stepName?: string;
  configuredProps: Record<string, unknown>;
}

/**
 * Deploys one component file over REST and updates it in place on each save: a source becomes
 * a source, an action the only step of a workflow. An earlier dev deployment with the same name
 * is reused, so restarting `runnel dev` keeps ids, endpoints and db.
 */
export class DevDeployer {
  private current: Tracked | undefined;

  constructor(
    private readonly client: RunnelClient,
    private readonly opts: DeployOptions,
  ) {}

  get deployment(): DevDeployment | undefined {
    const c = this.current;
    return c && { kind: c.kind, id: c.id, name: c.name, endpoint: c.endpoint, reused: c.reused };
  }

  /** The first deployment: saves the component to learn its type and name, then creates or reuses. */
  async deploy(code: ComponentFileBody): Promise<DevDeployment> {
    const component = await this.client.api.data('createComponent', { body: code });
    const name = this.opts.name ?? component.name;
    this.opts.claimName?.(name);
    const declared = new Set(component.configurable_props.map((p) => p.name));
    const pairs = this.opts.onlyDeclaredProps ? this.opts.props.filter((p) => declared.has(p.split('=')[0])) : this.opts.props;
    const configuredProps = parseProps(pairs, component.configurable_props);
    this.current = component.type === 'action' ? await this.deployAction(component, name, configuredProps) : await this.deploySource(component, name, configuredProps);
    return this.deployment!;
  }

  /** A new version of the code, in place: same id, the service runs deactivate/activate. */
  async update(code: ComponentFileBody): Promise<DevDeployment> {
    const cur = this.current;
    if (!cur) return this.deploy(code);
    if (cur.kind === 'source') {
      const src = await this.client.api.data('updateSource', { id: cur.id, body: code });
      this.current = { ...cur, endpoint: sourceEndpoint(src) };
    } else {
      const wf = await this.client.api.data('updateWorkflow', {
        id: cur.id,
        body: { steps: [{ name: cur.stepName!, ...code, configured_props: cur.configuredProps }] },
      });
      this.current = { ...cur, endpoint: workflowEndpoint(wf) };
    }
    return this.deployment!;
  }

  /** `--rm`: deletes what this session deployed. */
  async remove(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    await (cur.kind === 'source' ? this.client.api.data('deleteSource', { id: cur.id }) : this.client.api.data('deleteWorkflow', { id: cur.id }));
    this.current = undefined;
  }

  private async deploySource(component: SavedComponent, name: string, configuredProps: Record<string, unknown>): Promise<Tracked> {
    const existing = (await this.client.api.all('listSources')).find((s) => s.name === name);
    const body = { component_id: component.id, configured_props: configuredProps };
    const src = existing
      ? await this.client.api.data('updateSource', { id: existing.id, body: { ...body, ...(existing.active ? {} : { active: true }) } })
      : await this.client.api.data('createSource', { body: { ...body, name } });
    return { kind: 'source', id: src.id, name: src.name, endpoint: sourceEndpoint(src), reused: Boolean(existing), configuredProps };
  }

  private async deployAction(component: SavedComponent, name: string, configuredProps: Record<string, unknown>): Promise<Tracked> {
    const trigger = { type: this.opts.http ? ('http' as const) : ('manual' as const) };
    // Only a workflow that looks like an earlier dev session's is taken over, never a user's
    // multi-step workflow that happens to share the name.
    const existing = (await this.client.api.all('listWorkflows')).find(
      (w) => w.name === name && w.steps.length === 1 && (w.trigger.type === 'manual' || w.trigger.type === 'http'),
    );
    const stepName = existing?.steps[0].name ?? stepNameFor(component);
    const steps = [{ name: stepName, component_id: component.id, configured_props: configuredProps }];
    const wf = existing
      ? await this.client.api.data('updateWorkflow', {
          id: existing.id,
          body: {
            steps,
            ...(existing.trigger.type === trigger.type ? {} : { trigger }),
            ...(existing.active ? {} : { active: true }),
          },
        })
      : await this.client.api.data('createWorkflow', { body: { name, trigger, steps } });
    return { kind: 'workflow', id: wf.id, name: wf.name, endpoint: workflowEndpoint(wf), reused: Boolean(existing), stepName, configuredProps };
  }
}

/** A step name from the component's key (`my-action` → `my_action`), or `action`. */
function stepNameFor(component: SavedComponent): string {
  const fromKey = (component.key ?? '').replace(/[^A-Za-z0-9_]/g, '_').replace(/^[^A-Za-z_]+/, '').slice(0, 64);
  return fromKey || 'action';
}

function sourceEndpoint(src: DeployedSource): string | null {
  for (const value of Object.values(src.configured_props)) {
    const url = (value as { endpoint_url?: unknown } | null)?.endpoint_url;
    if (typeof url === 'string') return url;
  }
  return null;
}

function workflowEndpoint(wf: Workflow): string | null {
  return wf.trigger.type === 'http' ? wf.trigger.endpoint_url : null;
}
