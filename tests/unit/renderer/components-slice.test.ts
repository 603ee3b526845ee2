import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedComponent } from '../../../src/shared/resources';
import { editorDirty, editorLanguage } from '../../../src/renderer/src/features/components/components-slice';
import { createAppStore } from '../../../src/renderer/src/store/index';

const comp = (id: string, code: string, over: Partial<SavedComponent> = {}): SavedComponent => ({
  id,
  code,
  code_hash: 'h',
  name: 'Hello hook',
  key: null,
  version: '0.0.1',
  description: null,
  type: 'source',
  configurable_props: [],
  created_at: 1,
  updated_at: 1,
  ...over,
});

type Handler = (method: string, body: any) => { status: number; json?: unknown };

/** A fake service: routes by "METHOD path" (path without query); lists answer empty pages. */
function fakeFetch(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: any }[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const h = routes[`${method} ${path}`];
    const r = h ? h(method, body) : path.startsWith('/v1/users/me/') ? { status: 200, json: { data: [], page_info: { end_cursor: null, count: 0 } } } : { status: 404, json: { error: { code: 'not_found', message: `no ${path}` } } };
    return new Response(r.json === undefined ? null : JSON.stringify(r.json), { status: r.status });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

describe('the components slice', () => {
  let store: ReturnType<typeof createAppStore>;
  beforeEach(() => {
    store = createAppStore();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a new component from the editor and becomes that component', async () => {
    const calls = fakeFetch({ 'POST /v1/components': (_m, b) => ({ status: 200, json: { data: comp('sc_1', b.component_code) } }) });
    store.getState().startNewComponent('export default { name: "a" }');
    expect(store.getState().componentEditor.target).toBe('new');
    expect(editorDirty(store.getState().componentEditor)).toBe(true);
    const id = await store.getState().saveComponent();
    expect(id).toBe('sc_1');
    const e = store.getState().componentEditor;
    expect(e).toMatchObject({ target: 'sc_1', saving: false, error: null, report: null });
    expect(e.component?.id).toBe('sc_1');
    expect(editorDirty(e)).toBe(false);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/components', body: { component_code: 'export default { name: "a" }' } });
  });

  it('keeps the API message and the line it names when a save is refused', async () => {
    fakeFetch({
      'POST /v1/components': () => ({ status: 400, json: { error: { code: 'invalid_component', message: 'The component does not parse: Expected "}" (component:3:5)', details: { line: 3 } } } }),
    });
    store.getState().startNewComponent('a\nb\nc');
    expect(await store.getState().saveComponent()).toBeNull();
    expect(store.getState().componentEditor.error).toEqual({ code: 'invalid_component', message: 'The component does not parse: Expected "}" (component:3:5)', line: 3, prop: null });
    expect(store.getState().componentEditor.target).toBe('new');
    store.getState().dismissComponentError();
    expect(store.getState().componentEditor.error).toBeNull();
  });

  it('marks the line declaring the prop a refusal names', async () => {
    fakeFetch({ 'POST /v1/components': () => ({ status: 400, json: { error: { code: 'invalid_component', message: 'Prop "n" has an unknown type "nope"', details: { prop: 'n' } } } }) });
    store.getState().startNewComponent('export default {\n  props: {\n    n: { type: "nope" },\n  },\n}');
    await store.getState().saveComponent();
    expect(store.getState().componentEditor.error).toMatchObject({ line: 3, prop: 'n' });
  });

  it('saves a new version with PUT and reports which sources moved and which refused', async () => {
    const moves = [
      { id: 'dc_a', updated: true },
      { id: 'dc_b', updated: false, error: { code: 'hook_failed', message: 'activate() threw: no' } },
    ];
    const calls = fakeFetch({
      'GET /v1/components/sc_1': () => ({ status: 200, json: { data: comp('sc_1', 'v1') } }),
      'PUT /v1/components/sc_1': (_m, b) => ({ status: 200, json: { data: { component: comp('sc_2', b.component_code), sources: moves } } }),
    });
    await store.getState().openComponent('sc_1');
    expect(store.getState().componentEditor).toMatchObject({ target: 'sc_1', code: 'v1', original: 'v1' });
    store.getState().setEditorCode('v2');
    const saving = store.getState().saveComponent();
    expect(store.getState().componentEditor.saving).toBe(true);
    expect(store.getState().componentEditor.savingSince).toBeTypeOf('number');
    expect(await saving).toBe('sc_2');
    const e = store.getState().componentEditor;
    expect(e.report).toEqual({ componentId: 'sc_2', previousId: 'sc_1', sources: moves });
    expect(e).toMatchObject({ target: 'sc_2', saving: false, savingSince: null });
    // Navigating to the new id keeps the report and does not re-read the component.
    await store.getState().openComponent('sc_2');
    expect(store.getState().componentEditor.report?.componentId).toBe('sc_2');
    expect(calls.filter((c) => c.path === '/v1/components/sc_2')).toEqual([]);
    // Opening another component drops it.
    fakeFetch({ 'GET /v1/components/sc_9': () => ({ status: 200, json: { data: comp('sc_9', 'other') } }) });
    await store.getState().openComponent('sc_9');
    expect(store.getState().componentEditor).toMatchObject({ target: 'sc_9', report: null, code: 'other' });
  });

  it('opens a component from the store list without a request, and says when one is missing', async () => {
    const calls = fakeFetch({});
    store.setState({ components: [comp('sc_k', 'known')] });
    await store.getState().openComponent('sc_k');
    expect(store.getState().componentEditor.code).toBe('known');
    expect(calls).toEqual([]);
    await store.getState().openComponent('sc_missing');
    expect(store.getState().componentEditor.loadError).toBe('no /v1/components/sc_missing');
  });

  it('deletes, and shows the 409 message when something still uses the component', async () => {
    fakeFetch({
      'DELETE /v1/components/sc_used': () => ({ status: 409, json: { error: { code: 'conflict', message: 'Component sc_used is used by dc_x; update or delete them first' } } }),
      'DELETE /v1/components/sc_free': () => ({ status: 200, json: { data: { id: 'sc_free', deleted: true } } }),
    });
    expect(await store.getState().deleteComponent('sc_used')).toBe(false);
    expect(store.getState().componentEditor.deleteError).toBe('Component sc_used is used by dc_x; update or delete them first');
    expect(await store.getState().deleteComponent('sc_free')).toBe(true);
    expect(store.getState().componentEditor.deleteError).toBeNull();
  });

  it('highlights by the toggle, or by what the code looks like', () => {
    store.getState().startNewComponent('const x: number = 1');
    expect(editorLanguage(store.getState().componentEditor)).toBe('typescript');
    store.getState().setEditorLanguage('javascript');
    expect(editorLanguage(store.getState().componentEditor)).toBe('javascript');
  });

  it('filters the list', () => {
    store.getState().setComponentFilter({ type: 'action' });
    store.getState().setComponentFilter({ text: 'x' });
    expect(store.getState().componentFilter).toEqual({ text: 'x', type: 'action', latestOnly: true });
  });
});
