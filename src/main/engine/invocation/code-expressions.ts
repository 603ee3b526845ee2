// The JavaScript `{{ … }}` props of a workflow step, computed in the sandbox before the step's
// props are resolved (paths are read in the main process; see expressions.ts). One call per
// step that has any, for all of them; used by the run executor and runnel/testing alike.
import type { Sandbox } from '../../domain/sandbox';
import { codeExpressions } from './expressions';

/** Each JavaScript expression of `configured` with its value; empty when there are none. */
export async function computeExpressions(
  sandbox: Pick<Sandbox, 'configure'>,
  configured: Record<string, unknown>,
  steps: Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<Map<string, unknown>> {
  const expressions = codeExpressions(configured);
  if (expressions.length === 0) return new Map();
  const r = await sandbox.configure('', 'step-expressions', { kind: 'expressions', expressions, steps, env }, {});
  if (r.kind !== 'expressions' || r.values.length !== expressions.length) throw new Error('The sandbox answered the expressions with something else');
  return new Map(expressions.map((e, i) => [e, r.values[i].value]));
}
