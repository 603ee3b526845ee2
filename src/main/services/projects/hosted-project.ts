import { parse } from 'yaml';
import { workflowIdOf } from '../../../shared/projects-api';

/** One step of a hosted workflow as `workflow.yaml` (and its `<namespace>/entry.*`) wrote it. */
export interface HostedProjectStep {
  namespace: string;
  runtime?: string;
  uses: string;
  disabled: boolean;
  notes?: string;
  props_cursor?: string;
  props: Record<string, unknown>;
  /** Written without a `props` key. */
  noProps?: true;
  configurable_props?: unknown[];
  /** Where `__configurableProps` stood among the props. */
  configurable_props_at?: number;
  /** The code of a `./<ns>/entry.js|py` step. */
  code?: string;
}

/** One workflow folder `<name-slug>-<p_id>/` of a synced project. */
export interface HostedProjectWorkflow {
  folder: string;
  id: string;
  name: string;
  inactive: boolean;
  settings: Record<string, unknown>;
  triggers: string[];
  steps: HostedProjectStep[];
}

export interface HostedProject {
  /** `repo_…` from the README, when there is one. */
  project_id: string | null;
  workflows: HostedProjectWorkflow[];
  /** Folders that could not be read, each with why. */
  problems: string[];
}

export const WORKFLOW_SCHEMA = 'workflow/2022.04';
export const STATE_SCHEMA = 'workflow.state/2022.04';

/**
 * Reads a synced project (paths relative to its folder, `/`-separated, as the CLI and the UI
 * send them). No schema is published: this accepts every field seen in synced repositories
 * and reports, per workflow folder, what it cannot read instead of failing the whole project.
 */
export function parseHostedProject(files: Record<string, string>): HostedProject {
  const paths = Object.keys(files).map((p) => p.replace(/\\/g, '/').replace(/^\.\//, ''));
  const text = (p: string) => files[p] ?? files[`./${p}`];
  const readme = paths.find((p) => /^README\.md$/i.test(p));
  const projectId = readme ? (/Project\s+(repo_[A-Za-z0-9]+)/.exec(text(readme) ?? '')?.[1] ?? null) : null;
  const workflows: HostedProjectWorkflow[] = [];
  const problems: string[] = [];
  const folders = paths.filter((p) => p.endsWith('/workflow.yaml')).map((p) => p.slice(0, -'/workflow.yaml'.length));
  for (const folder of folders.sort()) {
    try {
      const wf = readWorkflow(folder, (p) => text(`${folder}/${p}`));
      // One workflow in two folders (a copy, a rename's leftover) would be imported twice over itself.
      const first = workflows.find((w) => w.id === wf.id);
      if (first) throw new Error(`workflow ${wf.id} is also in ${first.folder}, which was imported; remove one of the two folders`);
      workflows.push(wf);
    } catch (err) {
      problems.push(`${folder}: ${(err as Error).message}`);
    }
  }
  if (folders.length === 0) problems.push('No workflow folders found: a synced project holds one folder per workflow, each with a workflow.yaml');
  return { project_id: projectId, workflows, problems };
}

function readWorkflow(folder: string, file: (p: string) => string | undefined): HostedProjectWorkflow {
  const state = file('.workflow.state');
  const id = workflowIdOf(folder, state);
  if (!id) throw new Error('no workflow id: .workflow.state has no "id: p_…" and the folder name does not end in -p_…');
  const doc = parse(file('workflow.yaml') ?? '') as unknown;
  if (!isObject(doc)) throw new Error('workflow.yaml is not a YAML mapping');
  if (doc.schema !== undefined && doc.schema !== WORKFLOW_SCHEMA) throw new Error(`workflow.yaml has schema "${String(doc.schema)}"; this import reads ${WORKFLOW_SCHEMA}`);
  const triggers = (Array.isArray(doc.triggers) ? doc.triggers : []).map((t, i) => {
    const tid = isObject(t) ? t.id : undefined;
    if (typeof tid !== 'string') throw new Error(`triggers[${i}] has no id`);
    return tid;
  });
  const steps = (Array.isArray(doc.steps) ? doc.steps : []).map((s, i) => readStep(s, i, file));
  return {
    folder,
    id,
    name: typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : folder,
    inactive: doc.inactive === true,
    settings: isObject(doc.settings) ? doc.settings : {},
    triggers,
    steps,
  };
}

function readStep(s: unknown, i: number, file: (p: string) => string | undefined): HostedProjectStep {
  if (!isObject(s)) throw new Error(`steps[${i}] is not a mapping`);
  const namespace = typeof s.namespace === 'string' ? s.namespace : undefined;
  const uses = typeof s.uses === 'string' ? s.uses : undefined;
  if (!namespace) throw new Error(`steps[${i}] has no namespace`);
  if (!uses) throw new Error(`step "${namespace}" has no "uses"`);
  const props = isObject(s.props) ? { ...s.props } : {};
  const configurable = Array.isArray(props.__configurableProps) ? props.__configurableProps : undefined;
  const configurableAt = Object.keys(props).indexOf('__configurableProps');
  delete props.__configurableProps;
  let code: string | undefined;
  if (uses.startsWith('./')) {
    code = file(uses.slice(2));
    if (code === undefined) throw new Error(`step "${namespace}" uses ${uses}, which is not in the folder`);
  }
  return {
    namespace,
    ...(typeof s.runtime === 'string' ? { runtime: s.runtime } : {}),
    uses,
    disabled: s.disabled === true,
    ...(typeof s.notes === 'string' ? { notes: s.notes } : {}),
    ...(typeof s._props_cursor === 'string' ? { props_cursor: s._props_cursor } : {}),
    props,
    ...(s.props === undefined ? { noProps: true as const } : {}),
    ...(configurable ? { configurable_props: configurable, configurable_props_at: configurableAt } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
