// A workflow step's props for one run, resolved the same way by the service's run executor and
// by runnel/testing: `{{ }}` expressions evaluated against the steps before it (paths here,
// JavaScript in the sandbox), props checked and resolved, app props given their `$auth`,
// interfaces for db and data stores.
import { resolveProps, type ResolveOptions } from '../props/props';
import type { PropDescriptor } from '../../domain/components';
import type { Sandbox } from '../../domain/sandbox';
import { computeExpressions } from './code-expressions';
import { evaluate, hasExpression } from './expressions';
import { stepInterfaces } from './interface-values';
import type { InvocationValues } from './request';

/** Rejects (RunnelError or Error) when the configuration cannot be resolved: a ConfigurationError for the step. */
export async function stepValues(
  sandbox: Pick<Sandbox, 'configure'>,
  props: PropDescriptor[],
  configured: Record<string, unknown>,
  steps: Record<string, unknown>,
  stepName: string,
  resolvers: ResolveOptions & { auth(prop: PropDescriptor, value: unknown): unknown },
  /** `process.env` of `{{ }}` expressions: the project's environment variables. */
  env: Record<string, string> = {},
): Promise<Omit<InvocationValues, 'db'>> {
  const computed = await computeExpressions(sandbox, configured, steps, env);
  const evaluated = evaluate(configured, { steps }, stepName, computed) as Record<string, unknown>;
  const resolved = resolveProps(props, asDeclaredText(props, configured, evaluated), resolvers);
  const values = resolved.values;
  for (const p of props) if (p.type === 'app') values[p.name] = resolvers.auth(p, values[p.name]);
  return { props: values, interfaces: stepInterfaces(resolved.dbProps, props, values) };
}

/**
 * A string prop given a `{{ }}` expression that yields a number or boolean (`{{Date.now()}}`,
 * a count from an earlier step) receives its text, as on the hosted builder, where such
 * workflows ran; a literal of the wrong type is still refused.
 */
function asDeclaredText(props: PropDescriptor[], configured: Record<string, unknown>, evaluated: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
  let out = evaluated;
  for (const p of props) {
    if ((p.type !== 'string' && p.type !== 'string[]') || !hasExpression(configured[p.name])) continue;
    const v = evaluated[p.name];
    const fixed = p.type === 'string' ? text(v) : Array.isArray(v) ? v.map(text) : v;
    if (fixed !== v) out = { ...out, [p.name]: fixed };
  }
  return out;
}
