import type { ConfigurableProp } from '../../../../shared/resources';

/**
 * The props an inline code step declares, read from its text as the user types (the service
 * only learns them when the workflow is saved). A light scan, not a parser: it finds the first
 * `props: { … }` and reads each entry's name and the literal `type`, `label`, `optional`,
 * `description` and its `default` (a literal's value; null for a default it cannot read).
 * Anything it cannot read is left out.
 */
export function propsFromCode(code: string): ConfigurableProp[] {
  const m = /\bprops\s*:\s*\{/.exec(code);
  if (!m) return [];
  const body = balanced(code, m.index + m[0].length - 1);
  if (body === null) return [];
  const out: ConfigurableProp[] = [];
  for (const entry of topLevelEntries(body)) {
    const e = /^\s*(?:([A-Za-z_$][\w$]*)|"([^"]+)"|'([^']+)')\s*:\s*([\s\S]*)$/.exec(entry);
    if (!e) continue;
    const name = e[1] ?? e[2] ?? e[3];
    const value = e[4].trim();
    const str = /^["'`]([^"'`]*)["'`]$/.exec(value);
    if (str) {
      out.push({ name, type: str[1] });
      continue;
    }
    if (!value.startsWith('{')) continue;
    const attr = (k: string) => new RegExp(`\\b${k}\\s*:\\s*["'\`]([^"'\`]*)["'\`]`).exec(value)?.[1];
    const p: ConfigurableProp = { name, type: attr('type') ?? 'string' };
    const label = attr('label');
    if (label !== undefined) p.label = label;
    const description = attr('description');
    if (description !== undefined) p.description = description;
    if (/\boptional\s*:\s*true\b/.test(value)) p.optional = true;
    if (/\bdefault\s*:/.test(value)) p.default = literalDefault(value);
    const app = attr('app');
    if (app !== undefined) p.app = app;
    out.push(p);
  }
  return out;
}

/** The value of a prop object's `default:` when it is a literal (number, string, boolean, JSON); otherwise null. */
function literalDefault(propObject: string): unknown {
  const body = balanced(propObject, 0);
  const entry = body === null ? undefined : topLevelEntries(body).find((e) => /^\s*default\s*:/.test(e));
  if (!entry) return null;
  const text = entry.replace(/^\s*default\s*:/, '').trim();
  const single = /^'([^'\\]*)'$/.exec(text);
  if (single) return single[1];
  try {
    return JSON.parse(text);
  } catch {
    return null; // an expression: the service computes it when the workflow is saved
  }
}

/** The text between the brace at `open` and its match (strings and comments skipped), or null. */
function balanced(text: string, open: number): string | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') i = skipString(text, i);
    else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) === -1 ? text.length : text.indexOf('*/', i) + 1;
    else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return null;
}

function skipString(text: string, start: number): number {
  const q = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === q) return i;
  }
  return text.length;
}

/** Splits an object literal's body at its top-level commas. */
function topLevelEntries(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'" || c === '`') i = skipString(body, i);
    else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  if (body.slice(from).trim()) out.push(body.slice(from));
  return out.filter((e) => e.trim());
}
