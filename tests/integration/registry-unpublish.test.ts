import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const component = (version: string) =>
  `export default { name: "Pub", key: "acme-pub", version: "${version}", type: "source", props: {}, async run() { this.$emit({ v: "${version}" }) } }`;

describe('DELETE /v1/components/registry/{key}', () => {
  const svc = useService();

  it('removes every published version of a key; 404 for an unknown key', async () => {
    for (const v of ['1.0.0', '1.1.0']) await svc.json('/v1/components/registry', { method: 'POST', json: { component_code: component(v) } });
    expect((await svc.json('/v1/components/registry/acme-pub')).data.version).toBe('1.1.0');
    const del = await svc.json('/v1/components/registry/acme-pub', { method: 'DELETE' });
    expect(del.data).toEqual({ key: 'acme-pub', deleted: true, versions: ['1.0.0', '1.1.0'] });
    expect((await svc.api('/v1/components/registry/acme-pub')).status).toBe(404);
    expect((await svc.json('/v1/components/registry')).data.map((r: { key: string }) => r.key)).not.toContain('acme-pub');
    const again = await svc.api('/v1/components/registry/acme-pub', { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect((await again.json()).error).toEqual({ code: 'not_found', message: 'No registry component with key "acme-pub"' });
  });

  it('refuses built-ins and keys still used by sources or workflows, naming them (409)', async () => {
    const builtin = await svc.api('/v1/components/registry/rss-new-item-in-feed', { method: 'DELETE' });
    expect(builtin.status).toBe(409);
    expect((await builtin.json()).error).toMatchObject({ code: 'conflict', message: 'rss-new-item-in-feed ships with Runnel and cannot be unpublished' });

    await svc.json('/v1/components/registry', { method: 'POST', json: { component_code: component('2.0.0') } });
    const src = (await svc.json('/v1/sources', { method: 'POST', json: { key: 'acme-pub', name: 'Uses it' } })).data;
    const used = await svc.api('/v1/components/registry/acme-pub', { method: 'DELETE' });
    expect(used.status).toBe(409);
    const body = await used.json();
    expect(body.error.message).toBe(`acme-pub is used by source Uses it (${src.id}); delete them or move them to another component first`);
    expect(body.error.details).toEqual({ used_by: [`source Uses it (${src.id})`] });
    await svc.json(`/v1/sources/${src.id}`, { method: 'DELETE' });
    expect((await svc.json('/v1/components/registry/acme-pub', { method: 'DELETE' })).data.deleted).toBe(true);
  });
});
