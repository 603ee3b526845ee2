import { describe, expect, it } from 'vitest';
import type { RegistryEntry, SavedComponent } from '../../../src/shared/resources';
import { actionChoices } from '../../../src/renderer/src/features/workflows/action-choices';

const reg = (key: string, component_id: string, name: string): RegistryEntry => ({
  key, name, version: '0.1.0', description: null, type: 'action', component_id, builtin: true, configurable_props: [],
});
const comp = (id: string, name: string, key: string | null, version: string): SavedComponent => ({
  id, code: '', code_hash: id, name, key, version, description: null, type: 'action', configurable_props: [], created_at: 1, updated_at: 1,
});

describe('the action picker of the workflow builder (issue 18, item 8)', () => {
  it('lists a built-in action once, and every action in one format', () => {
    const registry = [reg('runnel-send-email', 'sc_mail', 'Send email')];
    const components = [comp('sc_mail', 'Send email', 'runnel-send-email', '0.1.0'), comp('sc_mine', 'Mine', 'my-action', '1.2.0'), comp('sc_anon', 'Anon', null, '0.0.1')];
    const { reg: r, saved } = actionChoices(registry, components);
    expect(r.map((c) => c.label)).toEqual(['Send email (runnel-send-email@0.1.0)']);
    expect(saved.map((c) => c.label)).toEqual(['Mine (my-action@1.2.0)', 'Anon (v0.0.1)']);
    expect(saved.map((c) => c.componentId)).toEqual(['sc_mine', 'sc_anon']);
  });
});
