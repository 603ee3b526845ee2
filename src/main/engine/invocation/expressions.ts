import { RunnelError } from '../../../shared/errors';

// Step props may hold `{{ … }}` expressions over earlier steps. A path (`steps.<step>.<path>`)
// is read here; anything else is JavaScript, which the main process never evaluates: it is
// computed in the sandbox first (code-expressions.ts) and handed in as `computed`.

const SEGMENT = /^(?:\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\])/;

/** Whether a configured value holds an expression anywhere. */
export function hasExpression(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{');
  if (Array.isArray(value)) return value.some(hasExpression);
  if (value && typeof value === 'object') return Object.values(value).some(hasExpression);
  return false;
}

/** The expressions in `value` that are JavaScript rather than paths, each once, in order. */
export function codeExpressions(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return out;
    for (const part of split(value)) if (typeof part !== 'string' && !pathOf(part.expr) && !out.includes(part.expr)) out.push(part.expr);
  } else if (Array.isArray(value)) {
    for (const v of value) codeExpressions(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) codeExpressions(v, out);
  }
  return out;
}

/**
 * Replaces every expression in `value`: a path with what it points at in `scope` (`{ steps }`),
 * JavaScript with its value in `computed` (from the sandbox).
 */
export function evaluate(value: unknown, scope: { steps: Record<string, unknown> }, prop: string, computed: ReadonlyMap<string, unknown> = new Map()): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const parts = split(value);
    // A whole-value expression keeps its type; embedded ones become text.
    const whole = parts.filter((p) => typeof p !== 'string' || p.trim() !== '');
    if (whole.length === 1 && typeof whole[0] !== 'string') return lookup(whole[0].expr, scope, prop, computed);
    return parts
      .map((p) => {
        if (typeof p === 'string') return p;
        const v = lookup(p.expr, scope, prop, computed);
        return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      })
      .join('');
  }
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope, prop, computed));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, scope, prop, computed)]));
  }
  return value;
}

function lookup(expr: string, scope: { steps: Record<string, unknown> }, prop: string, computed: ReadonlyMap<string, unknown>): unknown {
  const path = pathOf(expr);
  if (!path) {
    if (computed.has(expr)) return computed.get(expr);
    throw new RunnelError('invalid_props', `Prop "${prop}": {{${expr}}} is JavaScript and was not evaluated in the sandbox`, { prop });
  }
  let current: unknown = scope.steps;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = Object.prototype.hasOwnProperty.call(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}

/** The keys of a `steps.…` path, or null when the expression is anything else. */
function pathOf(expr: string): string[] | null {
  const root = /^\s*steps\b/.exec(expr);
  if (!root) return null;
  let rest = expr.slice(root[0].length).trim();
  const keys: string[] = [];
  while (rest.length > 0) {
    const m = SEGMENT.exec(rest);
    if (!m) return null;
    keys.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
    rest = rest.slice(m[0].length).trim();
  }
  return keys;
}

/**
 * A string cut into text and `{{ … }}` expressions (trimmed). An expression may hold braces and
 * strings of its own (`{{ steps.a.map((x) => { return x.id }) }}`, `{{ "}}" }}`): it ends at the
 * first `}}` outside them. An unclosed `{{` stays text.
 */
function split(value: string): (string | { expr: string })[] {
  const out: (string | { expr: string })[] = [];
  let text = '';
  let i = 0;
  while (i < value.length) {
    const start = value.indexOf('{{', i);
    if (start < 0) break;
    const end = closing(value, start + 2);
    if (end < 0) break;
    text += value.slice(i, start);
    if (text) out.push(text);
    text = '';
    out.push({ expr: value.slice(start + 2, end).trim() });
    i = end + 2;
  }
  text += value.slice(i);
  if (text) out.push(text);
  return out;
}

/** Index of the `}}` that closes an expression starting at `from`, or -1. */
function closing(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') {
      // Skip a string literal (escapes included).
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0 && s[i + 1] === '}') return i;
      if (depth > 0) depth--;
    }
  }
  return -1;
}

