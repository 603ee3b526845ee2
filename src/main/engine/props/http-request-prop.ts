// Validation of `http_request` props (docs/http-request-prop.md): at deploy and update of a
// source, when a workflow is saved (literal parts only), and before each workflow step runs
// (after its expressions are evaluated).
import { RunnelError } from '../../../shared/errors';
import { HTTP_REQUEST_TYPE, mergeHttpRequest, normalizeHttpRequest, type HttpRequestConfig } from '../../../shared/http-request';
import { LIMITS } from '../../../shared/limits';
import type { PropDescriptor } from '../../domain/components';

/** Whether `name` is an http_request prop of `props`. */
export const isHttpRequestProp = (props: PropDescriptor[], name: string) => props.some((p) => p.name === name && p.type === HTTP_REQUEST_TYPE);

const isWholeExpression = (v: unknown) => typeof v === 'string' && /^\s*\{\{[\s\S]*\}\}\s*$/.test(v);

function invalid(p: PropDescriptor, problem: string, step?: string): RunnelError {
  return new RunnelError('invalid_props', `${step ? `Step "${step}": prop` : 'Prop'} "${p.name}" ${problem}`, { prop: p.name, ...(step ? { step } : {}) });
}

/** The configured value merged over the default and normalised; throws a 400 naming the prop. */
export function resolveHttpRequestProp(p: PropDescriptor, given: unknown): HttpRequestConfig {
  const merged = mergeHttpRequest(p.default, given);
  const size = new TextEncoder().encode(JSON.stringify(merged) ?? '').length;
  if (size > LIMITS.propValueBytes) throw invalid(p, `is ${size} bytes; a prop value may be at most 64 KB`);
  const r = normalizeHttpRequest(merged);
  if (!r.ok) throw invalid(p, r.problem);
  return r.value;
}

/**
 * Checks a workflow step's `http_request` props when the workflow is saved: what is literal
 * must be valid now; parts holding `{{steps.…}}` expressions are checked when the step runs.
 */
export function checkStepHttpRequestProps(props: PropDescriptor[], configured: Record<string, unknown>, step: string): void {
  for (const p of props) {
    if (p.type !== HTTP_REQUEST_TYPE) continue;
    const given = configured[p.name];
    if (isWholeExpression(given)) continue;
    if ((given === undefined || given === null) && p.default === undefined) continue; // reported as missing
    const r = normalizeHttpRequest(mergeHttpRequest(p.default, given), { deferExpressions: true });
    if (!r.ok) throw invalid(p, r.problem, step);
  }
}
