import { RunnelError } from '../../../shared/errors';

// Step props may hold `{{steps.<step>.<path>}}` references to earlier steps. They are paths,
// never code: the main process must not evaluate user JavaScript.

const WHOLE = /^\s*\{\{\s*([^{}]+?)\s*\}\}\s*$/;
const EMBEDDED = /\{\{\s*([^{}]+?)\s*\}\}/g;
const SEGMENT = /^(?:\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\])/;

/** Whether a configured value holds an expression anywhere. */
export function hasExpression(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{');
  if (Array.isArray(value)) return value.some(hasExpression);
  if (value && typeof value === 'object') return Object.values(value).some(hasExpression);
  return false;
}

/** Replaces every expression in `value` with what it points at in `scope` (`{ steps }`). */
export function evaluate(value: unknown, scope: { steps: Record<string, unknown> }, prop: string): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    // A whole-value expression keeps its type; embedded ones become text.
    if (whole) return lookup(whole[1], scope, prop);
    if (!value.includes('{{')) return value;
    return value.replace(EMBEDDED, (_m, expr: string) => {
      const v = lookup(expr, scope, prop);
      return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope, prop));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, scope, prop)]));
  }
  return value;
}

function lookup(expr: string, scope: { steps: Record<string, unknown> }, prop: string): unknown {
  const root = /^([A-Za-z_$][\w$]*)/.exec(expr);
  if (!root || root[1] !== 'steps') {
    throw new RunnelError('invalid_props', `Prop "${prop}": expressions can only read steps.… (got {{${expr}}})`, { prop });
  }
  let rest = expr.slice(root[1].length).trim();
  let current: unknown = scope.steps;
  while (rest.length > 0) {
    const m = SEGMENT.exec(rest);
    if (!m) throw new RunnelError('invalid_props', `Prop "${prop}": cannot read {{${expr}}}: unexpected "${rest}"`, { prop });
    const key = m[1] ?? m[2] ?? m[3] ?? m[4];
    rest = rest.slice(m[0].length).trim();
    if (current === null || current === undefined) return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}
