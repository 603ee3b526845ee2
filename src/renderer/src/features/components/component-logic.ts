import type { RegistryEntry, SavedComponent } from '../../../../shared/resources';

export type CodeLanguage = 'javascript' | 'typescript';

/** Starter code offered by `#/components/new`. */
export interface Template {
  id: string;
  label: string;
  code: string;
}

export const TEMPLATES: Template[] = [
  {
    id: 'http',
    label: 'HTTP source',
    code: `export default {
  name: "New HTTP source",
  version: "0.0.1",
  props: {
    http: "$.interface.http",
  },
  async run(event) {
    console.log("got", event.method, event.path);
    this.$emit(event.body, { summary: \`\${event.method} \${event.path}\` });
  },
};
`,
  },
  {
    id: 'timer',
    label: 'Timer source',
    code: `export default {
  name: "New timer source",
  version: "0.0.1",
  props: {
    timer: { type: "$.interface.timer", default: { intervalSeconds: 60 } },
    db: "$.service.db",
  },
  async run() {
    const count = (this.db.get("count") ?? 0) + 1;
    this.db.set("count", count);
    this.$emit({ count }, { summary: \`tick #\${count}\` });
  },
};
`,
  },
  {
    id: 'action',
    label: 'Action',
    code: `export default defineComponent({
  name: "New action",
  version: "0.0.1",
  type: "action",
  props: {
    greeting: { type: "string", label: "Greeting", default: "Hello" },
  },
  async run({ steps, $ }) {
    $.export("$summary", \`\${this.greeting}!\`);
    return { greeting: this.greeting, trigger: steps.trigger?.event ?? null };
  },
});
`,
  },
  {
    id: 'http-ts',
    label: 'HTTP source (TypeScript)',
    code: `interface Hook {
  method: string;
  path: string;
  body: unknown;
}

export default defineSource({
  name: "New typed HTTP source",
  version: "0.0.1",
  props: {
    http: "$.interface.http",
  },
  async run(event: Hook) {
    this.$emit(event.body, { summary: \`\${event.method} \${event.path}\` });
  },
});
`,
  },
];

const TS_HINTS = [
  /\binterface\s+[A-Za-z_$][\w$]*\s*(<[^>]*>)?\s*\{/,
  /\btype\s+[A-Za-z_$][\w$]*\s*(<[^>]*>)?\s*=/,
  /\bimport\s+type\b/,
  /\bas\s+(const|string|number|boolean|unknown|any)\b/,
  /[)\w]\s*:\s*(string|number|boolean|unknown|any|void|never|Record<|Promise<)/,
  /\b(public|private|protected|readonly)\s+[A-Za-z_$]/,
  /\benum\s+[A-Za-z_$][\w$]*\s*\{/,
];

/**
 * TypeScript when the code uses TypeScript-only syntax (types, interfaces, annotations),
 * JavaScript otherwise. Only the highlighting depends on it: the service decides by parsing.
 */
export function detectLanguage(code: string): CodeLanguage {
  const stripped = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '').replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
  return TS_HINTS.some((re) => re.test(stripped)) ? 'typescript' : 'javascript';
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The 1-based line where `prop` is declared in `props: { … }`, or null when it cannot be found. */
export function propLine(code: string, prop: string): number | null {
  const lines = code.split('\n');
  const start = lines.findIndex((l) => /\bprops\s*:/.test(l));
  const decl = new RegExp(`(^|[\\s{,])(["'\`]?)${escapeRe(prop)}\\2\\s*:`);
  const from = start === -1 ? 0 : start;
  for (let i = from; i < lines.length; i++) if (decl.test(i === start ? lines[i].replace(/^.*?\bprops\s*:/, '') : lines[i])) return i + 1;
  return null;
}

/** The line a failed save points at: `details.line`, else the line declaring `details.prop`. */
export function errorLineOf(details: Record<string, unknown> | undefined, code: string): number | null {
  if (!details) return null;
  if (typeof details.line === 'number' && details.line > 0) return details.line;
  if (typeof details.prop === 'string') return propLine(code, details.prop);
  return null;
}

export type ComponentOrigin = 'saved' | 'built-in' | 'published';

/** One row of the Components list: a saved component or a registry one. */
export interface ComponentRow {
  id: string;
  name: string;
  key: string | null;
  version: string;
  type: 'source' | 'action';
  origin: ComponentOrigin;
  /** Epoch ms; null for registry entries whose saved copy is not in the list. */
  updatedAt: number | null;
  /** Other saved versions with the same key hidden by "latest only". */
  olderVersions: number;
}

export interface ComponentFilter {
  text: string;
  type: 'all' | 'source' | 'action';
  /** Show only the newest saved version of each key. */
  latestOnly: boolean;
}

export const DEFAULT_FILTER: ComponentFilter = { text: '', type: 'all', latestOnly: true };

/**
 * The list the screen shows: saved components newest first, then registry entries (marked
 * built-in or published), filtered by text (name, key, id) and type. A saved component that is
 * a registry entry's current version appears once, as the registry row.
 */
export function componentRows(saved: SavedComponent[], registry: RegistryEntry[], f: ComponentFilter): ComponentRow[] {
  const byId = new Map(saved.map((c) => [c.id, c]));
  const registryIds = new Set(registry.map((r) => r.component_id));
  const regRows: ComponentRow[] = registry.map((r) => ({
    id: r.component_id,
    name: r.name,
    key: r.key,
    version: r.version,
    type: r.type,
    origin: r.builtin ? 'built-in' : 'published',
    updatedAt: byId.has(r.component_id) ? byId.get(r.component_id)!.updated_at * 1000 : null,
    olderVersions: 0,
  }));
  let own = saved.filter((c) => !registryIds.has(c.id));
  const older = new Map<string, number>();
  if (f.latestOnly) {
    const seen = new Set<string>();
    own = own.filter((c) => {
      if (!c.key) return true;
      if (seen.has(c.key)) {
        older.set(c.key, (older.get(c.key) ?? 0) + 1);
        return false;
      }
      seen.add(c.key);
      return true;
    });
  }
  const ownRows: ComponentRow[] = own.map((c) => ({
    id: c.id,
    name: c.name,
    key: c.key,
    version: c.version,
    type: c.type,
    origin: 'saved',
    updatedAt: c.updated_at * 1000,
    olderVersions: c.key ? (older.get(c.key) ?? 0) : 0,
  }));
  const text = f.text.trim().toLowerCase();
  return [...ownRows, ...regRows].filter(
    (r) => (f.type === 'all' || r.type === f.type) && (!text || [r.name, r.key ?? '', r.id].some((s) => s.toLowerCase().includes(text))),
  );
}

/** Whether the component with this id is a registry one (read-only in the editor). */
export function registryEntryOf(id: string, registry: RegistryEntry[]): RegistryEntry | undefined {
  return registry.find((r) => r.component_id === id);
}

/**
 * The code of a registry component as the start of the user's own: its key gets a `-copy`
 * suffix (so key lookups keep finding the registry one) and a comment notes where it came from,
 * which also makes the text differ (saving identical code would return the registry component).
 */
export function copyOf(code: string, key: string | null): string {
  const renamed = key ? code.replace(new RegExp(`(\\bkey\\s*:\\s*)(["'\`])${escapeRe(key)}\\2`), `$1$2${key}-copy$2`) : code;
  return `// Copied from ${key ?? 'a registry component'}\n${renamed}`;
}

/**
 * What a running save is doing, from the store's package activity lines since it started
 * (page and service share the machine's clock; the slack covers rounding).
 */
export function saveProgressLine(activity: { ts: number; line: string }[], since: number): string {
  const last = activity.filter((a) => a.ts >= since - 2_000).at(-1);
  return last ? `Saving — ${last.line}` : 'Saving: checking the code in the sandbox…';
}
