// A workflow step's `{{ … }}` props that are JavaScript (`steps.x.name.replace(/<.*?>/g, '')`,
// `Date.now()`), evaluated as the hosted builder does — but here, in a fresh compartment of a
// runner, never in the main process. Each expression sees `steps` (frozen: one expression
// cannot change what the next one reads), `process.env`, and the clock and randomness
// components get; nothing else of the runner.
import type { ConfigureCall, ConfigureResult } from '../../../domain/sandbox';

type ExpressionsCall = Extract<ConfigureCall, { kind: 'expressions' }>;
type ExpressionsResult = Extract<ConfigureResult, { kind: 'expressions' }>;

/** Evaluates each expression in order; the first that throws fails the call, naming itself. */
export function evaluateExpressions(call: ExpressionsCall): ExpressionsResult {
  const globals = { steps: harden(call.steps), process: harden({ env: { ...call.env } }), Date, Math };
  const compartment = new Compartment({ __options__: true, name: 'step prop expressions', globals: globals as unknown as Map<string, unknown> });
  const values = call.expressions.map((expr) => {
    let v: unknown;
    try {
      // A newline before the closing paren: an expression ending in a line comment still closes.
      v = compartment.evaluate(`(${expr}\n)`);
    } catch (err) {
      throw expressionError(expr, err);
    }
    if (v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function') {
      throw expressionError(expr, new TypeError('it returned a Promise: expressions cannot await; do that in the step code'));
    }
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') {
      throw expressionError(expr, new TypeError(`it returned a ${typeof v}, which a prop cannot hold`));
    }
    // What crosses back is JSON (Dates become strings, as in a step export).
    return v === undefined ? {} : { value: JSON.parse(JSON.stringify(v)) as unknown };
  });
  return { kind: 'expressions', values };
}

function expressionError(expr: string, err: unknown): Error {
  const e = err as { name?: unknown; message?: unknown };
  const shown = expr.length > 200 ? `${expr.slice(0, 200)}…` : expr;
  const out = new Error(`{{${shown}}} failed: ${String(e?.name ?? 'Error')}: ${String(e?.message ?? err)}`);
  out.name = 'ConfigurationError';
  return out;
}
