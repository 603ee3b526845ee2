import { describe, expect, it } from 'vitest';
import type { RegistryEntry, SavedComponent } from '../../../src/shared/resources';
import { componentRows, copyOf, DEFAULT_FILTER, detectLanguage, errorLineOf, propLine, saveProgressLine, TEMPLATES } from '../../../src/renderer/src/features/components/component-logic';

const saved = (id: string, over: Partial<SavedComponent> = {}): SavedComponent => ({
  id,
  code: 'x',
  code_hash: 'h',
  name: id,
  key: null,
  version: '0.0.1',
  description: null,
  type: 'source',
  configurable_props: [],
  created_at: 1,
  updated_at: 100,
  ...over,
});
const reg = (key: string, component_id: string, over: Partial<RegistryEntry> = {}): RegistryEntry => ({
  key,
  name: key,
  version: '1.0.0',
  description: null,
  type: 'source',
  component_id,
  builtin: true,
  configurable_props: [],
  ...over,
});

describe('detectLanguage', () => {
  it('calls plain modules JavaScript and typed ones TypeScript', () => {
    expect(detectLanguage('export default { name: "a", version: "1", async run(event) { this.$emit(event) } }')).toBe('javascript');
    expect(detectLanguage('export default { async run(event: Hook) {} }')).toBe('javascript'); // a custom type name alone is not enough
    expect(detectLanguage('interface Hook { body: unknown }\nexport default {}')).toBe('typescript');
    expect(detectLanguage('const n = (x: number) => x')).toBe('typescript');
    expect(detectLanguage('import type { X } from "y"')).toBe('typescript');
  });
  it('ignores TypeScript-looking text inside strings and comments', () => {
    expect(detectLanguage('// interface Foo { }\nconst s = "a: string"; export default {}')).toBe('javascript');
  });
  it('recognises the templates', () => {
    expect(TEMPLATES.map((t) => [t.id, detectLanguage(t.code)])).toEqual([
      ['http', 'javascript'],
      ['timer', 'javascript'],
      ['action', 'javascript'],
      ['http-ts', 'typescript'],
    ]);
  });
});

describe('propLine and errorLineOf', () => {
  const code = ['export default {', '  name: "x",', '  version: "1",', '  props: {', '    who: { type: "string" },', '    "db": "$.service.db",', '  },', '  async run() {},', '}'].join('\n');
  it('finds the line declaring a prop inside props', () => {
    expect(propLine(code, 'who')).toBe(5);
    expect(propLine(code, 'db')).toBe(6);
    expect(propLine(code, 'name')).toBeNull();
    expect(propLine('export default { props: { a: "x" } }', 'a')).toBe(1);
  });
  it('prefers details.line, then details.prop', () => {
    expect(errorLineOf({ line: 3 }, code)).toBe(3);
    expect(errorLineOf({ prop: 'who' }, code)).toBe(5);
    expect(errorLineOf({ prop: 'nope' }, code)).toBeNull();
    expect(errorLineOf(undefined, code)).toBeNull();
  });
});

describe('componentRows', () => {
  const components = [saved('sc_new', { key: 'k', version: '0.0.2', updated_at: 200 }), saved('sc_old', { key: 'k' }), saved('sc_b', { name: 'Beta', type: 'action' }), saved('sc_reg')];
  const registry = [reg('http-new-requests', 'sc_reg'), reg('pub-thing', 'sc_pub', { builtin: false, type: 'action' })];

  it('lists own components (newest version per key) before registry ones, marked by origin', () => {
    const rows = componentRows(components, registry, DEFAULT_FILTER);
    expect(rows.map((r) => [r.id, r.origin, r.olderVersions])).toEqual([
      ['sc_new', 'saved', 1],
      ['sc_b', 'saved', 0],
      ['sc_reg', 'built-in', 0],
      ['sc_pub', 'published', 0],
    ]);
    expect(rows[0].updatedAt).toBe(200_000);
    expect(rows.find((r) => r.id === 'sc_pub')!.updatedAt).toBeNull();
  });
  it('shows every version when asked, and filters by type and text', () => {
    expect(componentRows(components, registry, { ...DEFAULT_FILTER, latestOnly: false }).map((r) => r.id)).toContain('sc_old');
    expect(componentRows(components, registry, { ...DEFAULT_FILTER, type: 'action' }).map((r) => r.id)).toEqual(['sc_b', 'sc_pub']);
    expect(componentRows(components, registry, { ...DEFAULT_FILTER, text: 'beta' }).map((r) => r.id)).toEqual(['sc_b']);
    expect(componentRows(components, registry, { ...DEFAULT_FILTER, text: 'HTTP-NEW' }).map((r) => r.id)).toEqual(['sc_reg']);
  });
});

describe('copyOf', () => {
  it('renames the key and marks where the copy came from', () => {
    const out = copyOf('export default { key: "http-new-requests", name: "x" }', 'http-new-requests');
    expect(out).toBe('// Copied from http-new-requests\nexport default { key: "http-new-requests-copy", name: "x" }');
  });
});

describe('saveProgressLine', () => {
  it("shows the newest package line of this save, not an earlier save's", () => {
    const activity = [
      { ts: 1_000, line: 'fetching dayjs@1.11.0 — 1 of 1 packages' },
      { ts: 20_000, line: 'fetching axios@1.7.4 — 1 of 5 packages' },
      { ts: 20_500, line: 'fetching axios@1.7.4 — 3 of 5 packages' },
    ];
    expect(saveProgressLine(activity, 20_100)).toBe('Saving — fetching axios@1.7.4 — 3 of 5 packages');
    expect(saveProgressLine(activity.slice(0, 1), 20_100)).toBe('Saving: checking the code in the sandbox…');
  });
});
