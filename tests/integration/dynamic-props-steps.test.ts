// Props that `additionalProps()` adds, in workflow steps and configuration-time calls (issue 16,
// section 1): a data-stores action whose `value` prop is dynamic ran in a step with
// `this.value === undefined`, and a `data_store` prop added that way was a plain
// `{data_store_id}` object instead of the live store.
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

// Written for this test after the pattern of a data-stores "add or update record" action: the
// value prop is offered once the key is known (labelled by what the store holds for it), and an
// optional archive store, itself added by additionalProps(), keeps the replaced value.
const upsert = `export default {
  name: "Upsert record", key: "runnel-test-upsert", version: "0.0.1", type: "action",
  props: {
    store: { type: "data_store", label: "Store" },
    key: {
      type: "string", label: "Key", reloadProps: true,
      async options() {
        const keys = await this.store.keys();
        return this.archive ? [...keys, ...(await this.archive.keys()).map((k) => "archived:" + k)] : keys;
      },
    },
    archived: { type: "boolean", label: "Keep the old value", optional: true, reloadProps: true },
  },
  async additionalProps() {
    const existing = await this.store.get(this.key);
    const props = { value: { type: "string", label: existing === undefined ? "Value" : "Replace " + JSON.stringify(existing) } };
    if (this.archived) props.archive = { type: "data_store", label: "Archive", reloadProps: true };
    if (this.archive) props.note = { type: "string", optional: true, label: "The archive holds " + (await this.archive.keys()).length + " keys" };
    return props;
  },
  async run({ $ }) {
    const previous = await this.store.get(this.key);
    await this.store.set(this.key, this.value);
    if (this.archive) await this.archive.set(this.key, previous ?? null);
    $.export("value", this.value);
    return { value: this.value ?? "<undefined>", previous: previous ?? null };
  },
};`;

describe('additionalProps() in workflow steps and configuration-time calls', () => {
  const svc = useService();
  const newStore = async (name: string, records: Record<string, unknown>) => {
    const s = (await svc.json('/v1/data_stores', { method: 'POST', json: { name } })).data;
    for (const [k, v] of Object.entries(records)) await svc.json(`/v1/data_stores/${s.id}/records/${k}`, { method: 'PUT', json: { value: v } });
    return s.id as string;
  };
  const recordOf = async (id: string, key: string) => (await svc.json(`/v1/data_stores/${id}/records/${key}`)).data.value;

  it('gives a step its dynamic props’ values and live data stores, and makes added data stores live in options() and additionalProps()', async () => {
    const main = await newStore('main', { k: 'old' });
    const archive = await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'archive' } }).then((r) => r.data.id as string);
    await svc.json(`/v1/data_stores/${archive}/records/x`, { method: 'PUT', json: { value: 1 } });
    await svc.json('/v1/components', { method: 'POST', json: { component_code: upsert } });
    const store = { data_store_id: main };
    const chosen = { store, key: 'k', archived: true, archive: { data_store_id: archive } };

    // Configuration time: the static store is live, and so is the archive once it is configured.
    const reload = async (configured_props: object) => {
      const r = await svc.api('/v1/components/runnel-test-upsert/props/reload', { method: 'POST', json: { configured_props } });
      const body = await r.json();
      expect(r.status, JSON.stringify(body)).toBe(200);
      return body.data.configurable_props as { name: string; label?: string; type: string }[];
    };
    expect((await reload({ store, key: 'k' })).map((p) => [p.name, p.label])).toEqual([
      ['store', 'Store'], ['key', 'Key'], ['archived', 'Keep the old value'], ['value', 'Replace "old"'],
    ]);
    const withArchive = await reload(chosen);
    expect(withArchive.find((p) => p.name === 'archive')).toMatchObject({ type: 'data_store' });
    expect(withArchive.find((p) => p.name === 'note')?.label).toBe('The archive holds 1 keys');
    const opts = await svc.api('/v1/components/runnel-test-upsert/props/key/options', { method: 'POST', json: { configured_props: chosen } });
    const optsBody = await opts.json();
    expect(opts.status, JSON.stringify(optsBody)).toBe(200);
    expect(optsBody.data.options).toEqual(['k', 'archived:x']);

    // A step: the dynamic value (an expression here) reaches run(), and the added archive is live.
    const wf = await svc.createWorkflow({
      name: 'Upsert',
      trigger: { type: 'manual' },
      steps: [{ name: 'upsert', key: 'runnel-test-upsert', configured_props: { ...chosen, value: '{{steps.trigger.event.v}}' } }],
    });
    const run = await svc.runWorkflow(wf.id, { v: 'new' });
    expect(run.steps[0].error).toBeNull();
    expect(run.steps[0].$return_value).toEqual({ value: 'new', previous: 'old' });
    expect(await recordOf(main, 'k')).toBe('new');
    expect(await recordOf(archive, 'k')).toBe('old');

    // A required dynamic prop left out is refused when the workflow is saved, as a static one is.
    const missing = await svc.api('/v1/workflows', {
      method: 'POST',
      json: { name: 'No value', trigger: { type: 'manual' }, steps: [{ name: 'upsert', key: 'runnel-test-upsert', configured_props: { store, key: 'k' } }] },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe('Step "upsert": missing required prop: value');
  });
});
