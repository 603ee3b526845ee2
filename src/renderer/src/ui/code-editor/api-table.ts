// The component API the editor knows: the table generated from @pipedream/types
// (component-api.json, by scripts/component-api.mjs) with Runnel's own additions and notes.
import generated from './component-api.json';
import { PROP_MEMBERS, RUNNEL_MEMBERS, RUNNEL_NOTES, RUNNEL_PROP_TYPES, type ExtraMember } from './runnel-api';

/** A named type a signature mentions, written out. */
export interface SeeAlso {
  name: string;
  text: string;
  fields: { name: string; type: string; doc: string }[];
}

/** One member as completions and hovers show it. */
export interface ApiMember {
  name: string;
  kind: 'method' | 'property' | 'namespace';
  signature: string;
  doc: string;
  see: SeeAlso[];
  /** `this.$emit` under a dedupe strategy (the types require `id` then). */
  dedupeSignature?: string;
  /** Runnel's note (docs/components.md), when it has one. */
  note?: string;
  /** Where the member comes from. */
  origin: 'types' | 'runnel';
}

interface GeneratedMember extends Omit<ApiMember, 'origin' | 'note' | 'kind'> {
  kind: string;
}

const table = generated as unknown as { version: string; groups: Record<string, GeneratedMember[]>; propTypes: { name: string; interface: string; usableIn: string[]; fields: SeeAlso['fields'] }[] };

/** The @pipedream/types version the table was generated from. */
export const TYPES_VERSION = table.version;

const fromTypes = (path: string, m: GeneratedMember): ApiMember => ({ ...m, kind: m.kind as ApiMember['kind'], origin: 'types', note: RUNNEL_NOTES[`${path}.${m.name}`] });
const fromRunnel = (m: ExtraMember): ApiMember => ({ ...m, see: [], origin: 'runnel' });

/** The members of `path` (`$`, `$.flow`, `$.send`, `this.source`, `this.action`), types first. */
export function membersOf(path: string): ApiMember[] {
  return [...(table.groups[path] ?? []).map((m) => fromTypes(path.startsWith('this.') ? 'this' : path, m)), ...(RUNNEL_MEMBERS[path] ?? []).map(fromRunnel)];
}

/** What `this.<prop>.` holds for a prop of `type` (Runnel's docs: the types leave these open). */
export function propMembers(type: string): ApiMember[] {
  return (PROP_MEMBERS[type] ?? []).map(fromRunnel);
}

/** A prop type a component may declare: from the types (with where it may be used) or Runnel's. */
export interface PropTypeInfo {
  name: string;
  detail: string;
  info: string;
  origin: 'types' | 'runnel';
}

/** Every prop type, the types' in their order, then Runnel's. */
export function propTypes(): PropTypeInfo[] {
  return [
    ...table.propTypes.map((p) => ({
      name: p.name,
      detail: p.interface,
      info: `${p.interface} (${p.usableIn.join(', ')} props)\nFields: ${p.fields.map((f) => `${f.name}: ${f.type}`).join('; ')}\n\nFrom @pipedream/types ${table.version}.`,
      origin: 'types' as const,
    })),
    ...RUNNEL_PROP_TYPES.map((p) => ({ name: p.name, detail: 'Runnel', info: `${p.signature}\n${p.doc}\n\nRunnel's own (docs/components.md).`, origin: 'runnel' as const })),
  ];
}

/** The text a completion's info panel and a hover show for a member. */
export function memberInfo(path: string, m: ApiMember): string {
  const head = `${path}.${m.name}${m.kind === 'namespace' ? '' : m.kind === 'method' ? m.signature.replace(/\) => /, '): ') : `: ${m.signature}`}`;
  const lines = [head];
  if (m.dedupeSignature) lines.push(`with dedupe: ${m.dedupeSignature}`);
  if (m.doc) lines.push('', m.doc);
  for (const s of m.see) {
    lines.push('', `${s.name} = ${s.text}`);
    for (const f of s.fields.filter((x) => x.doc)) lines.push(`  ${f.name}: ${f.doc}`);
  }
  if (m.note) lines.push('', `Runnel: ${m.note.replace(/^Runnel: /, '')}`);
  lines.push('', m.origin === 'types' ? `From @pipedream/types ${table.version}.` : "Runnel's own (docs/components.md).");
  return lines.join('\n');
}
