import { describe, expect, test } from 'vitest';
import { createApiClient, type Failure } from '../../src/shared/api-client';
import { useService } from '../helpers/service';

const SOURCE = `export default { name: "Typed", key: "typed", version: "0.0.1", type: "source",
  props: { greeting: { type: "string", default: "hi" } },
  async run(e) { this.$emit({ said: this.greeting, got: e?.n ?? null }, { id: String(Date.now()) + Math.random() }) } };`;

describe('the shared typed client (src/shared/api-client.ts) against the real service', () => {
  const svc = useService();
  const failures: Failure[] = [];
  const client = () =>
    createApiClient({
      baseUrl: svc.url,
      fetch: (url, init) => fetch(url, init),
      headers: { authorization: `Bearer ${svc.apiKey}` },
      fail: (f) => {
        failures.push(f);
        return new Error(f.kind === 'error' ? (f.error?.message ?? String(f.status)) : f.kind);
      },
    });

  test('builds paths, queries and bodies from the route table, and answers with the data', async () => {
    const api = client();
    const created = await api.data('createSource', { body: { component_code: SOURCE, name: 'typed one' } });
    expect(created.name).toBe('typed one');
    expect((await api.data('getSource', { id: created.id })).configured_props).toEqual({ greeting: 'hi' });
    const run = await api.data('runSource', { id: created.id, body: { event: { n: 7 } } });
    expect(run.ok).toBe(true);
    const page = await api.call('sourceEventSummaries', { id: created.id, query: { limit: 1, expand: 'event' } });
    expect(page.page_info.count).toBe(1);
    expect(page.data[0].event).toEqual({ said: 'hi', got: 7 });
    expect(await api.call('deleteSourceEvents', { id: created.id })).toBeUndefined();
    expect((await api.data('sourceEventSummaries', { id: created.id })).length).toBe(0);
    expect(await api.data('deleteSource', { id: created.id })).toEqual({ id: created.id, deleted: true });
  });

  test("percent-encodes path parameters (a data store record key with a slash and a space)", async () => {
    const api = client();
    const store = await api.data('createDataStore', { body: { name: 'typed store' } });
    await api.data('putRecord', { id: store.id, key: 'a/b c', body: { value: { n: 1 } } });
    expect((await api.data('getRecord', { id: store.id, key: 'a/b c' })).value).toEqual({ n: 1 });
  });

  test("hands the API's error to the caller's fail()", async () => {
    await expect(client().data('getSource', { id: 'dc_missing' })).rejects.toThrow(/dc_missing|No such|not found/i);
    expect(failures.at(-1)).toMatchObject({ kind: 'error', status: 404, method: 'GET', path: '/v1/sources/dc_missing', error: { code: 'not_found' } });
  });
});

// Compile-time: the table's types reach the caller (tsc fails if these stop being errors).
export function typedArgs(api: ReturnType<typeof createApiClient>) {
  // @ts-expect-error a path parameter is required
  void api.data('getSource', {});
  // @ts-expect-error a body of the wrong shape
  void api.data('createDataStore', { body: { title: 'x' } });
  // @ts-expect-error no such operation
  void api.data('getSauce');
  return api.data('getSettings').then((s) => s.memory_cap_mb satisfies number);
}
