import { newId } from '../../../shared/ids';
import { RunnelError } from '../../../shared/errors';
import type { StepBody } from '../../../shared/api';
import { DATA_STORE_PROP } from '../../../shared/data-stores';
import type { ComponentDoc, StepDoc } from '../../store/document-types';
import { hasExpression } from '../../engine/invocation/expressions';
import { checkStepHttpRequestProps, isHttpRequestProp } from '../../engine/props/http-request-prop';
import { codeOf, type ComponentCatalog } from '../component-catalog';
import type { Accounts } from '../accounts';
import type { DataStoreProps } from '../../engine/ports/data-stores';
import type { Secrets } from '../secrets';
import { checkStepRequired, stepDynamicProps, stepProps, type PropSet } from '../../engine/props/dynamic-props';
import { PYTHON_RUNTIME } from '../../../shared/api';
import { pythonStepProps } from '../python-steps';

export interface StepBuilderDeps {
  catalog: ComponentCatalog;
  secrets: Secrets;
  accounts: Accounts;
  /** Checks a step's `data_store` props (the service's stores, or runnel/testing's). */
  dataStores: DataStoreProps;
  /** Runs additionalProps() for a step's configured values (engine/props/dynamic-props.ts). */
  config?: PropSet;
}

/** A configured prop longer than this is refused (the hosted limit on a step's input). */
const MAX_PROP_BYTES = 64 * 1024;

/**
 * The stored steps of a workflow from the request's steps: each step's component (inline code,
 * new component code, or a key / id), its props checked, its secrets sealed. A step keeps its
 * id (and so its db) when an update keeps its name.
 */
export async function buildSteps(deps: StepBuilderDeps, bodies: StepBody[], old: StepDoc[]): Promise<StepDoc[]> {
  const steps: StepDoc[] = [];
  for (const b of bodies) steps.push(await refusedAs(b.name, () => buildStep(deps, b, old)));
  return steps;
}

/**
 * What building step `name` refuses, with the step's name in `details.step`: not every refusal's
 * message names the step (an account of another app, a component that does not load), and the
 * project import marks the refused step unresolved from it.
 */
async function refusedAs<T>(name: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (err) {
    if (!(err instanceof RunnelError)) throw err;
    throw new RunnelError(err.code, err.message, { ...err.details, step: name });
  }
}

async function buildStep(deps: StepBuilderDeps, b: StepBody, old: StepDoc[]): Promise<StepDoc> {
  const previous = old.find((o) => o.name === b.name);
  const kept = keptFields(b, previous);
  if (b.unresolved !== undefined) {
    // Nothing to run (yet): stored as given, so an export or a later import can complete it.
    return { id: previous?.id ?? newId('c'), name: b.name, component_id: '', configured_props: b.configured_props ?? {}, unresolved: b.unresolved, ...kept };
  }
  if (b.runtime === PYTHON_RUNTIME) return { ...(await buildPythonStep(deps, b, old)), ...kept };
  // The step's own inline component: an edit keeps naming the user's file in stack traces.
  const own = inlineComponent(deps.catalog, previous);
  const comp =
    b.code !== undefined
      ? (unchanged(own, b) ?? (await deps.catalog.saveInlineStep(codeOf(b.code, { component_filename: own?.filename, ...b }), b.name)))
      : b.component_code !== undefined
        ? await deps.catalog.save(codeOf(b.component_code, b))
        : deps.catalog.get((b.key ?? b.component_id)!);
  if (comp.type !== 'action') {
    throw new RunnelError('invalid_component', `Step "${b.name}": "${comp.name}" is a source; workflow steps are actions or code`);
  }
  const configured = b.configured_props ?? {};
  checkStepRequired(comp.props, configured, b.name);
  for (const p of comp.props) if (p.type === 'app') deps.accounts.configure(p, configured[p.name]);
  for (const p of comp.props) if (p.type === DATA_STORE_PROP) deps.dataStores.configure(p, configured[p.name]);
  checkStepHttpRequestProps(comp.props, configured, b.name);
  const dynamic = await stepDynamicProps(deps.config, comp, configured, b.name, (p, v) => deps.dataStores.configure(p, v));
  for (const [k, v] of Object.entries(configured)) {
    if (Buffer.byteLength(typeof v === 'string' ? v : JSON.stringify(v) ?? '') > MAX_PROP_BYTES) {
      throw new RunnelError('invalid_props', `Step "${b.name}": prop "${k}" is over 64 KB`);
    }
  }
  // Secret props are sealed at rest; expressions stay readable so they can be evaluated.
  // (An http_request value is sealed even with expressions: only its literal password/token are.)
  const literal = Object.fromEntries(Object.entries(configured).filter(([k, v]) => !hasExpression(v) || isHttpRequestProp(comp.props, k)));
  const sealed = { ...configured, ...deps.secrets.seal(stepProps(comp, dynamic), literal, previous?.configured_props) };
  return { id: previous?.id ?? newId('c'), name: b.name, component_id: comp.id, configured_props: sealed, ...dynamic, ...kept };
}

/**
 * The step's own inline component, when the body sends its code back unchanged (the builder
 * saves every step as its text): it keeps the file name and the bundle the CLI gave it, which
 * the text alone cannot give again (its local imports).
 */
/** The component of `previous` when it is an inline step's own. */
function inlineComponent(catalog: ComponentCatalog, previous: StepDoc | undefined): ComponentDoc | undefined {
  const comp = previous ? catalog.find(previous.component_id) : undefined;
  return comp?.inline ? comp : undefined;
}

function unchanged(own: ComponentDoc | undefined, b: StepBody): ComponentDoc | undefined {
  return own && own.code === b.code && b.component_filename === undefined && b.component_bundle === undefined ? own : undefined;
}

/** A Python step: its code kept as written, its props from `__configurableProps` and its values (python-steps.ts). */
async function buildPythonStep(deps: StepBuilderDeps, b: StepBody, old: StepDoc[]): Promise<StepDoc> {
  const comp = await deps.catalog.savePythonStep(b.code!, b.name);
  const configured = b.configured_props ?? {};
  const props = pythonStepProps(configured, b.name);
  for (const p of props) if (p.type === 'app') deps.accounts.configure(p, configured[p.name]);
  for (const p of props) if (p.type === DATA_STORE_PROP) deps.dataStores.configure(p, configured[p.name]);
  for (const [k, v] of Object.entries(configured)) {
    if (Buffer.byteLength(typeof v === 'string' ? v : JSON.stringify(v) ?? '') > MAX_PROP_BYTES) throw new RunnelError('invalid_props', `Step "${b.name}": prop "${k}" is over 64 KB`);
  }
  const previous = old.find((o) => o.name === b.name);
  const literal = Object.fromEntries(Object.entries(configured).filter(([, v]) => !hasExpression(v)));
  const sealed = { ...configured, ...deps.secrets.seal(props, literal, previous?.configured_props) };
  return { id: previous?.id ?? newId('c'), name: b.name, component_id: comp.id, configured_props: sealed, dynamic_props: props, runtime: PYTHON_RUNTIME };
}

/** `disabled` as given; the hosted format's fields as given or, when an edit leaves them out, as they were. */
function keptFields(b: StepBody, previous: StepDoc | undefined): Pick<StepDoc, 'disabled' | 'hosted'> {
  const hosted = b.hosted ?? previous?.hosted;
  return { ...(b.disabled ? { disabled: true } : {}), ...(hosted ? { hosted } : {}) };
}
