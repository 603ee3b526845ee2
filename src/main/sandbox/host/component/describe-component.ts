// Turns a loaded component object into ComponentMeta: data only, safe to store as JSON.
import type { ComponentMeta, PropDescriptor } from '../../../domain/components';
import type { ComponentObject } from './load-component';
import { resolvePropDefinition } from './prop-definitions';

/** A JSON-safe deep copy (functions, symbols and bigints dropped), or undefined if impossible. */
export function jsonSafe(v: unknown): unknown {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
  try {
    const text = JSON.stringify(v, (_k, val: unknown) => (typeof val === 'bigint' ? undefined : val));
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined; // cycles
  }
}

const STRING_FIELDS = ['label', 'description', 'app', 'alertType', 'content'] as const;
const BOOLEAN_FIELDS = ['optional', 'secret', 'reloadProps', 'customResponse'] as const;
const NUMBER_FIELDS = ['min', 'max'] as const;

function functionNames(o: unknown): string[] {
  if (typeof o !== 'object' || o === null) return [];
  return Object.keys(o).filter((k) => typeof (o as Record<string, unknown>)[k] === 'function');
}

/** `propDefinition: [app, "name", ...]`: the app object is reduced to what names it. */
function propDefinition(v: unknown): unknown[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map((item) => {
    const app = item as { type?: unknown; app?: unknown } | null;
    if (typeof app === 'object' && app !== null && app.type === 'app') return { type: 'app', app: jsonSafe(app.app) };
    return jsonSafe(item) ?? null;
  });
}

export function describeProp(name: string, raw: unknown): PropDescriptor {
  if (typeof raw === 'string') return { name, type: raw };
  const d = resolvePropDefinition(raw).def;
  const p: PropDescriptor = { name, type: typeof d.type === 'string' ? d.type : '' };
  for (const f of STRING_FIELDS) if (typeof d[f] === 'string') p[f] = d[f] as string;
  for (const f of BOOLEAN_FIELDS) if (typeof d[f] === 'boolean') p[f] = d[f] as boolean;
  for (const f of NUMBER_FIELDS) if (typeof d[f] === 'number') p[f] = d[f] as number;
  if ('default' in d) {
    const value = jsonSafe(d.default);
    if (value !== undefined) p.default = value;
  }
  if (typeof d.options === 'function') p.options = true;
  else if (Array.isArray(d.options)) p.options = jsonSafe(d.options) as unknown[];
  const pd = propDefinition(d.propDefinition);
  if (pd) p.propDefinition = pd;
  return p;
}

/** Describes an object of prop definitions (a component's `props`, an `additionalProps()` answer). */
export function describeProps(defs: unknown): PropDescriptor[] {
  if (typeof defs !== 'object' || defs === null) return [];
  return Object.entries(defs).map(([name, def]) => describeProp(name, def));
}

/** The ComponentMeta of a loaded component object. */
export function describeComponent(comp: ComponentObject): ComponentMeta {
  return {
    name: jsonSafe(comp.name),
    key: jsonSafe(comp.key),
    version: jsonSafe(comp.version),
    description: jsonSafe(comp.description),
    type: jsonSafe(comp.type),
    dedupe: jsonSafe(comp.dedupe),
    props: describeProps(comp.props),
    methods: functionNames(comp.methods),
    hooks: functionNames(comp.hooks),
    hasRun: typeof comp.run === 'function',
    hasAdditionalProps: typeof comp.additionalProps === 'function',
  };
}
