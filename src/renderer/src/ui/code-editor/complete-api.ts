import { javascriptLanguage } from '@codemirror/lang-javascript';
import type { SyntaxNode, Tree } from '@lezer/common';
import { memberInfo, membersOf, propMembers, propTypes, type ApiMember } from './api-table';
import { scanComponent, type ScannedMethod } from './component-scan';
import type { StepsScope } from './steps-scope';

/** What the editor is editing, for completions: a component file or a workflow step (with the last run's `steps`). */
export interface EditorApiContext {
  kind: 'component' | 'step';
  /** `steps` as the last runs had it (step editors only). */
  steps?: StepsScope;
}

/** A completion option, in the shape CodeMirror takes. */
export interface ApiOption {
  label: string;
  type: string;
  detail: string;
  info: string;
  boost?: number;
}

export interface ApiCompletions {
  from: number;
  options: ApiOption[];
  validFor: RegExp;
}

const WORD = /^[\w$]*$/;
const MAX_DETAIL = 64;
const short = (s: string, n = MAX_DETAIL) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function memberOption(path: string, m: ApiMember): ApiOption {
  const hostedOnly = m.note?.startsWith('Not available') ?? false;
  return {
    label: m.name,
    type: m.kind === 'namespace' ? 'namespace' : m.kind,
    detail: hostedOnly ? 'hosted only' : short(m.kind === 'namespace' ? `{ ${membersOf(`${path}.${m.name}`).map((x) => x.name).join(', ')} }` : m.signature),
    info: memberInfo(path, m),
    boost: hostedOnly ? -1 : m.origin === 'types' ? 1 : 0,
  };
}

const methodOption = (owner: string, m: ScannedMethod, where: string): ApiOption => ({ label: m.name, type: 'method', detail: `${m.params || '()'} ${where}`, info: `${owner}.${m.name}${m.params || '()'}\n\nDefined in ${where}.` });

/** A value from the last run, in a few characters: its type and a glimpse. */
function preview(v: unknown): string {
  if (v === undefined) return 'no run yet';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === 'object') {
    const keys = Object.keys(v);
    return short(`{ ${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''} }`, 40);
  }
  return short(typeof v === 'string' ? JSON.stringify(v) : String(v), 40);
}

function valueOptions(path: string, value: unknown): ApiOption[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).map(([k, v]) => ({
    label: k,
    type: 'variable',
    detail: preview(v),
    info: `${path}.${k}${v === undefined ? '\n\nNo run yet: run the workflow to see its value.' : `\n\nIn the last run:\n${short(JSON.stringify(v, null, 2) ?? String(v), 600)}`}`,
    boost: k === '$return_value' ? 1 : 0,
  }));
}

/** The options for the member chain `path` (e.g. `['this']`, `['$', 'flow']`, `['steps', 'first']`). */
function chainOptions(text: string, path: string[], ctx: EditorApiContext, tree: Tree): ApiOption[] | null {
  const [base, ...rest] = path;
  if (base === 'this') {
    const c = scanComponent(text, tree);
    const kind = ctx.kind === 'component' && (c.type === undefined || c.type === 'source') ? 'source' : 'action';
    if (rest.length === 0) {
      return [
        ...membersOf(`this.${kind}`).map((m) => memberOption('this', m)),
        ...c.props.map((p) => ({ label: p.name, type: 'property', detail: p.type ? `prop: ${p.type}` : 'prop', info: `this.${p.name}: the configured value of prop "${p.name}"${p.type ? ` (${p.type})` : ''}.`, boost: 2 })),
        ...c.methods.map((m) => methodOption('this', m, 'this component\'s methods')),
      ];
    }
    const prop = c.props.find((p) => p.name === rest[0]);
    if (!prop || rest.length > 1) return null;
    return [...propMembers(prop.type ?? '').map((m) => memberOption(`this.${prop.name}`, m)), ...prop.appMethods.map((m) => methodOption(`this.${prop.name}`, m, 'the app\'s methods'))];
  }
  if (base === '$') {
    const group = ['$', ...rest].join('.');
    const members = membersOf(group);
    return members.length ? members.map((m) => memberOption(group, m)) : null;
  }
  if (base === 'steps' && ctx.steps) {
    let value: unknown = ctx.steps;
    for (const k of rest) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[k] : undefined;
    return valueOptions(path.join('.'), value);
  }
  return null;
}

/** The string is a prop's type: `props: { x: { type: "…" } }` or the shorthand `props: { x: "…" }`. */
function isPropTypeSlot(text: string, str: SyntaxNode): boolean {
  const keyOf = (n: SyntaxNode | null | undefined) => {
    const k = n?.name === 'Property' ? n.getChild('PropertyDefinition') : null;
    return k ? text.slice(k.from, k.to) : undefined;
  };
  const own = str.parent;
  if (own?.name !== 'Property' || own.lastChild?.from !== str.from) return false;
  const outer = own.parent?.parent;
  if (keyOf(outer) === 'props') return true;
  return keyOf(own) === 'type' && keyOf(outer?.parent?.parent) === 'props';
}

/**
 * Completions at `pos` in `text`: the component API after `this.`, `$.`, `$.flow.`, …, the
 * component's props and methods, `steps.<name>.<export>` from the last run, and prop types in
 * `type: "…"`. Null where none apply (comments, other strings, other expressions).
 */
export function completeApi(text: string, pos: number, ctx: EditorApiContext, tree: Tree = javascriptLanguage.parser.parse(text)): ApiCompletions | null {
  const inner = tree.resolveInner(pos, -1);
  if (/Comment/.test(inner.name)) return null;
  if (inner.name === 'String' && isPropTypeSlot(text, inner)) {
    return {
      from: inner.from + 1,
      validFor: /^[\w$.[\]]*$/,
      options: propTypes().map((p) => ({ label: p.name, type: 'type', detail: p.detail, info: p.info, boost: p.origin === 'types' ? 1 : 0 })),
    };
  }
  if (/String|Template/.test(inner.name)) return null;
  const before = text.slice(Math.max(0, pos - 400), pos);
  const chain = /(?:^|[^\w$.])((?:[A-Za-z_$][\w$]*\s*\??\.\s*)+)([\w$]*)$/.exec(before);
  if (!chain) return null;
  const path = chain[1].split('.').map((s) => s.replace(/[?\s]/g, '')).filter(Boolean);
  const options = chainOptions(text, path, ctx, tree);
  return options && options.length ? { from: pos - chain[2].length, options, validFor: WORD } : null;
}

/** The signature and doc of the API member under `pos` (for a hover), or null. */
export function describeAt(text: string, pos: number, ctx: EditorApiContext): { from: number; to: number; info: string } | null {
  let from = pos;
  let to = pos;
  while (from > 0 && /[\w$]/.test(text[from - 1])) from--;
  while (to < text.length && /[\w$]/.test(text[to])) to++;
  if (from === to || text[from - 1] === undefined) return null;
  const found = completeApi(text, to, ctx);
  const option = found?.from === from ? found.options.find((o) => o.label === text.slice(from, to)) : undefined;
  return option ? { from, to, info: option.info } : null;
}
