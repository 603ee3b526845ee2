import { useState } from 'react';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';

const NEW = '\u0000new';

/**
 * A `data_store` prop: pick one of the account's stores, or create one on the spot. The field's
 * raw value is the store id; the form sends `{"data_store_id": "ds_…"}`.
 */
export function DataStoreInput({ id, value, onChange }: { id: string; value: string; onChange(storeId: string): void }) {
  const stores = useStore((s) => s.dataStores);
  const create = useStore((s) => s.createDataStore);
  const error = useStore((s) => s.dataStoreErrors.create);
  const clear = useStore((s) => s.clearDataStoreError);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const unknown = value !== '' && !stores.some((s) => s.id === value);

  const submit = async () => {
    setBusy(true);
    const made = await create(name);
    setBusy(false);
    if (!made) return;
    onChange(made.id);
    setCreating(false);
    setName('');
  };

  return (
    <div className="ds-picker">
      <select
        id={id}
        value={creating ? NEW : value}
        onChange={(e) => {
          if (e.target.value === NEW) {
            setCreating(true);
            return;
          }
          setCreating(false);
          onChange(e.target.value);
        }}
      >
        <option value="">{stores.length ? '— choose a data store —' : '— no data stores yet —'}</option>
        {unknown && <option value={value}>{value} (not found)</option>}
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.record_count} record{s.record_count === 1 ? '' : 's'})
          </option>
        ))}
        <option value={NEW}>New data store…</option>
      </select>
      {creating && (
        <div className="row" role="group" aria-label="New data store">
          <input
            aria-label="New data store name"
            placeholder="name, e.g. customers"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Enter creates the store instead of submitting the whole prop form.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (name.trim()) void submit();
              }
            }}
          />
          <button type="button" className="primary" disabled={busy || !name.trim()} onClick={() => void submit()}>
            Create
          </button>
          <button
            type="button"
            onClick={() => {
              setCreating(false);
              clear('create');
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {creating && <ErrorNote error={error} onDismiss={() => clear('create')} />}
    </div>
  );
}
