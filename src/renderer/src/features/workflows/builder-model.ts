import type { CreateWorkflowBody, WorkflowTriggerBody } from '../../../../shared/api';
import type { ConfigurableProp, RegistryEntry, SavedComponent, Workflow, WorkflowStep } from '../../../../shared/resources';
import { propsFromCode } from './props-from-code';
import { emptySettings, settingsBody, settingsFromWorkflow, SETTINGS_FIELDS, validateSettings, type DraftSettings, type SettingsErrors } from './settings-model';

/** What new inline code steps start with. */
export const CODE_TEMPLATE = 'export default defineComponent({ props: {}, async run({ steps, $ }) { return {} } })';

export type TriggerType = 'manual' | 'http' | 'email' | 'timer' | 'source';

/** The trigger as the form holds it (text fields stay text until saved). */
export interface DraftTrigger {
  type: TriggerType;
  timerMode: 'interval' | 'cron';
  intervalSeconds: string;
  cron: string;
  timezone: string;
  sourceId: string;
  /** Shown once the service has given the workflow an endpoint. */
  endpointUrl?: string;
}

/** An action a step can run: a registry entry (by key) or a saved component (by id). */
export interface ActionRef {
  key?: string;
  componentId?: string;
  label: string;
  props: ConfigurableProp[];
}

export interface DraftStep {
  /** Local identity for the list (survives renames and moves). */
  uid: string;
  name: string;
  kind: 'code' | 'action';
  code: string;
  action?: ActionRef;
  configured: Record<string, unknown>;
  /** The code is an unsaved draft from an earlier visit: when it was typed, and the saved code it replaced. */
  restored?: { at: number; base: string };
  /** A Python code step (`def handler(pd)`), sent back as it came. */
  runtime?: 'python3.12';
  /** Skipped by every run; kept as it was. */
  disabled?: boolean;
  /** An imported step Runnel cannot run yet (why): saved back as it is. */
  unresolved?: string;
}

export interface Draft {
  name: string;
  trigger: DraftTrigger;
  timeoutSeconds: string;
  /** Execution controls (the settings panel). */
  settings: DraftSettings;
  steps: DraftStep[];
}

export interface StepErrors {
  name?: string;
  code?: string;
  codeLine?: number;
  props?: Record<string, string>;
  general?: string;
}

/** Where each problem shows: at the field, the step, or on top of the form. */
export interface BuilderErrors {
  top?: string;
  name?: string;
  trigger?: string;
  timeout?: string;
  settings?: SettingsErrors;
  steps: Record<string, StepErrors>;
}

export const NO_ERRORS: BuilderErrors = { steps: {} };

export const emptyDraft = (): Draft => ({
  name: '',
  trigger: { type: 'manual', timerMode: 'interval', intervalSeconds: '60', cron: '', timezone: '', sourceId: '' },
  timeoutSeconds: '',
  settings: emptySettings(),
  steps: [],
});

let uidCounter = 0;
export const newUid = () => `s${++uidCounter}`;

const STEP_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Why a step name is refused, or null (same rules as the service: letters, digits, _; unique; not `trigger`). */
export function stepNameProblem(name: string, others: string[]): string | null {
  if (!name) return 'A step needs a name';
  if (!STEP_NAME.test(name)) return 'Letters, digits and _ only, not starting with a digit (it becomes steps.<name>)';
  if (name === 'trigger') return '"trigger" is reserved for the trigger';
  if (others.includes(name)) return `Another step is already called "${name}"`;
  return null;
}

/** A name not yet taken, from a base such as `step` or an action's key. */
export function uniqueStepName(base: string, taken: string[]): string {
  let b = base.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'step';
  if (/^\d/.test(b)) b = `step_${b}`;
  if (b === 'trigger') b = 'step';
  if (!taken.includes(b) && b !== 'step') return b;
  for (let i = 1; ; i++) if (!taken.includes(`${b}_${i}`)) return `${b}_${i}`;
}

/** The props a step's form shows. */
export function stepProps(step: DraftStep): ConfigurableProp[] {
  if (step.runtime) return [];
  return step.kind === 'code' ? propsFromCode(step.code) : (step.action?.props ?? []);
}

/** The expressions a step may use: the trigger's event and every earlier step's return value. */
export function expressionHints(steps: DraftStep[], index: number): string[] {
  return ['{{steps.trigger.event}}', ...steps.slice(0, index).map((s) => `{{steps.${s.name || '<name>'}.$return_value}}`)];
}

/** Checks the draft before it is sent; the service checks again. */
export function validateDraft(d: Draft): BuilderErrors {
  const errors: BuilderErrors = { steps: {} };
  if (!d.name.trim()) errors.name = 'Give the workflow a name';
  const t = d.trigger;
  if (t.type === 'timer' && t.timerMode === 'interval' && !(Number.isInteger(Number(t.intervalSeconds)) && Number(t.intervalSeconds) >= 1)) {
    errors.trigger = 'The interval is a whole number of seconds, at least 1';
  }
  if (t.type === 'timer' && t.timerMode === 'cron' && !t.cron.trim()) errors.trigger = 'Enter a cron expression, e.g. */5 * * * *';
  if (t.type === 'source' && !t.sourceId) errors.trigger = 'Pick the source whose events start this workflow';
  if (d.timeoutSeconds.trim()) {
    const n = Number(d.timeoutSeconds);
    if (!Number.isInteger(n) || n < 1 || n > 750) errors.timeout = 'The timeout is a whole number of seconds from 1 to 750';
  }
  const settings = validateSettings(d.settings);
  if (settings) errors.settings = settings;
  d.steps.forEach((s, i) => {
    const e: StepErrors = {};
    const problem = stepNameProblem(
      s.name,
      d.steps.filter((_, j) => j < i).map((o) => o.name),
    );
    if (problem) e.name = problem;
    if (s.kind === 'code' && !s.unresolved && !s.code.trim()) e.code = 'The step has no code';
    if (Object.keys(e).length) errors.steps[s.uid] = e;
  });
  return errors;
}

export function hasErrors(e: BuilderErrors): boolean {
  return !!(e.top || e.name || e.trigger || e.timeout || e.settings || Object.keys(e.steps).length);
}

/** The body of `POST /v1/workflows` / `PUT /v1/workflows/{id}`. Empty prop values are left out. */
export function toRequestBody(d: Draft): CreateWorkflowBody {
  const t = d.trigger;
  const trigger: WorkflowTriggerBody =
    t.type === 'timer'
      ? t.timerMode === 'interval'
        ? { type: 'timer', intervalSeconds: Number(t.intervalSeconds) }
        : { type: 'timer', cron: t.cron.trim(), ...(t.timezone.trim() ? { timezone: t.timezone.trim() } : {}) }
      : t.type === 'source'
        ? { type: 'source', source_id: t.sourceId }
        : { type: t.type };
  const steps = d.steps.map((s) => {
    const configured_props = Object.fromEntries(Object.entries(s.configured).filter(([, v]) => v !== '' && v !== undefined));
    const what = s.unresolved ? { unresolved: s.unresolved } : s.kind === 'code' ? { code: s.code } : s.action?.key ? { key: s.action.key } : { component_id: s.action?.componentId };
    return { name: s.name, ...what, ...(s.kind === 'code' && s.runtime && !s.unresolved ? { runtime: s.runtime } : {}), configured_props, ...(s.disabled ? { disabled: true } : {}) };
  });
  return { name: d.name.trim(), trigger, steps, ...(d.timeoutSeconds.trim() ? { timeout_seconds: Number(d.timeoutSeconds) } : {}), ...settingsBody(d.settings) };
}

/** Puts a 400 from the service where it belongs: the step and prop it names, or on top. */
export function placeApiError(err: { message: string; details?: Record<string, unknown> }, steps: DraftStep[]): BuilderErrors {
  const out: BuilderErrors = { steps: {} };
  const at = (s: DraftStep | undefined, e: StepErrors) => {
    if (!s) return false;
    out.steps[s.uid] = { ...out.steps[s.uid], ...e, props: { ...out.steps[s.uid]?.props, ...e.props } };
    return true;
  };
  const issues = err.details?.issues as { path: (string | number)[]; message: string }[] | undefined;
  const path = issues?.[0]?.path;
  if (path?.length) {
    if (path[0] === 'name') out.name = issues![0].message;
    else if (path[0] === 'trigger') out.trigger = issues![0].message;
    else if (path[0] === 'timeout_seconds') out.timeout = issues![0].message;
    else if (typeof path[0] === 'string' && SETTINGS_FIELDS.includes(path[0])) out.settings = { [path[0]]: issues![0].message };
    else if (path[0] === 'steps' && typeof path[1] === 'number' && steps[path[1]]) {
      const field = path[2];
      const s = steps[path[1]];
      if (field === 'name') at(s, { name: issues![0].message });
      else if (field === 'configured_props' && typeof path[3] === 'string') at(s, { props: { [path[3]]: issues![0].message } });
      else at(s, { general: issues![0].message });
    } else out.top = err.message;
    return out;
  }
  // The step a refusal came from (the service names it in details.step; not every message does).
  const refused = typeof err.details?.step === 'string' ? steps.find((x) => x.name === err.details!.step) : undefined;
  const named = /^Step "([^"]+)": ([\s\S]*)$/.exec(err.message);
  if (named) {
    const s = refused ?? steps.find((x) => x.name === named[1]);
    const rest = named[2];
    const missing = /^missing required props?: (.*)$/.exec(rest);
    const prop = /prop "([^"]+)"/.exec(rest);
    if (missing) at(s, { general: rest, props: Object.fromEntries(missing[1].split(', ').map((p) => [p, 'Required'])) });
    else if (prop) at(s, { props: { [prop[1]]: rest } });
    else at(s, { general: rest });
    if (!s) out.top = err.message;
    return out;
  }
  const propName = (err.details?.prop as string | undefined) ?? /^Prop "([^"]+)"/.exec(err.message)?.[1];
  if (propName) {
    const s = refused ?? steps.find((x) => propName in x.configured);
    if (at(s, { props: { [propName]: err.message } })) return out;
  }
  // A compile error names a line: without details.step it can only be placed when one step has code.
  const codeSteps = steps.filter((s) => s.kind === 'code');
  const coded = refused ?? (codeSteps.length === 1 ? codeSteps[0] : undefined);
  if (typeof err.details?.line === 'number' && coded) {
    at(coded, { code: err.message, codeLine: err.details.line });
    return out;
  }
  if (at(refused, { general: err.message })) return out;
  out.top = err.message;
  return out;
}

/** A saved workflow as the form edits it; `codeOf` reads an inline step's code (its component). */
export async function draftFromWorkflow(
  wf: Workflow,
  registry: RegistryEntry[],
  components: SavedComponent[],
  codeOf: (componentId: string) => Promise<SavedComponent>,
): Promise<Draft> {
  const t = wf.trigger;
  const trigger: DraftTrigger = { ...emptyDraft().trigger, type: t.type };
  if (t.type === 'http' || t.type === 'email') trigger.endpointUrl = t.endpoint_url;
  if (t.type === 'source') trigger.sourceId = t.source_id;
  if (t.type === 'timer') {
    trigger.timerMode = t.cron ? 'cron' : 'interval';
    trigger.cron = t.cron ?? '';
    trigger.intervalSeconds = t.interval_seconds ? String(t.interval_seconds) : '60';
    trigger.timezone = t.timezone ?? '';
  }
  const steps = await Promise.all(wf.steps.map((s) => draftStep(s, registry, components, codeOf)));
  return { name: wf.name, trigger, timeoutSeconds: String(wf.timeout_seconds), settings: settingsFromWorkflow(wf), steps };
}

async function draftStep(s: WorkflowStep, registry: RegistryEntry[], components: SavedComponent[], codeOf: (id: string) => Promise<SavedComponent>): Promise<DraftStep> {
  const base = { uid: newUid(), name: s.name, configured: { ...s.configured_props }, code: '', ...(s.disabled ? { disabled: true } : {}) };
  if (s.unresolved) return { ...base, kind: 'code', unresolved: s.unresolved };
  const reg = registry.find((r) => r.component_id === s.component_id) ?? (s.component_key ? registry.find((r) => r.key === s.component_key) : undefined);
  if (reg) return { ...base, kind: 'action', action: { key: reg.key, label: reg.name, props: reg.configurable_props } };
  const saved = components.find((c) => c.id === s.component_id);
  if (saved) return { ...base, kind: 'action', action: { componentId: saved.id, label: saved.name, props: saved.configurable_props } };
  // Not a registry entry nor a listed component: an inline code step.
  const comp = await codeOf(s.component_id);
  return { ...base, kind: 'code', code: comp.code, ...(s.runtime ? { runtime: s.runtime } : {}) };
}
