// Props that a component's additionalProps() adds, for a workflow step. They are found once when
// the workflow is saved (as a source's are when it is deployed), kept on the step, and resolved
// with the component's own props at each run: so their configured values reach run(), and the
// data_store props among them are live stores, as in a source.
import { RunnelError } from '../../../shared/errors';
import type { ComponentDoc, PropDescriptor } from '../../domain/components';
import type { StepDoc } from '../../domain/deployments';
import { hasExpression } from '../invocation/expressions';
import { DATA_STORE_PROP } from '../../../shared/data-stores';
import type { DataStoreCheck } from './data-store-props';
import { DISPLAY_TYPES, INTERFACE_TYPES } from './props';

/** Runs additionalProps() for configured values and answers the full prop set (runtime/component-config.ts). */
export interface PropSet {
  props(comp: ComponentDoc, configured: Record<string, unknown>): Promise<PropDescriptor[]>;
}

/**
 * What additionalProps() adds (or redefines) for a step's configured values, checked as the
 * step's own props are (required ones given, data stores existing): `{ dynamic_props }` to keep
 * on the step, or `{}`. Expressions are evaluated only at run time, so they are left out of the
 * additionalProps() call and count as given.
 */
export async function stepDynamicProps(
  set: PropSet | undefined,
  comp: ComponentDoc,
  configured: Record<string, unknown>,
  stepName: string,
  dataStore: DataStoreCheck,
): Promise<Pick<StepDoc, 'dynamic_props'>> {
  if (!set || !comp.has_additional_props) return {};
  const literal = Object.fromEntries(Object.entries(configured).filter(([, v]) => !hasExpression(v)));
  const own = new Map(comp.props.map((p) => [p.name, JSON.stringify(p)]));
  const added = (await set.props(comp, literal)).filter((p) => own.get(p.name) !== JSON.stringify(p));
  checkStepRequired(added, configured, stepName);
  for (const p of added) if (p.type === DATA_STORE_PROP) dataStore(p, configured[p.name]);
  return added.length ? { dynamic_props: added } : {};
}

/** A step's props for a run: the component's own, with what additionalProps() added when the step was saved. */
export function stepProps(comp: Pick<ComponentDoc, 'props'>, step: Pick<StepDoc, 'dynamic_props'>): PropDescriptor[] {
  return step.dynamic_props?.length ? mergeProps(comp.props, step.dynamic_props) : comp.props;
}

/** `own` with `extra` in place of (or added to) the props of the same name. */
export function mergeProps(own: PropDescriptor[], extra: PropDescriptor[]): PropDescriptor[] {
  const merged = new Map(own.map((p) => [p.name, p]));
  for (const p of extra) merged.set(p.name, p);
  return [...merged.values()];
}

/** Refuses a step whose required props (no default, not optional, not platform-given) are not configured. */
export function checkStepRequired(props: PropDescriptor[], configured: Record<string, unknown>, stepName: string): void {
  const missing = props
    .filter((p) => !INTERFACE_TYPES.has(p.type) && !DISPLAY_TYPES.has(p.type) && p.type !== 'app' && !p.optional && p.default === undefined && configured[p.name] === undefined)
    .map((p) => p.name);
  if (missing.length) throw new RunnelError('invalid_props', `Step "${stepName}": missing required prop${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
}
