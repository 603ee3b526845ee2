import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page, Split } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { useRowKeys } from '../../ui/use-row-keys';
import { StorePage } from './StorePage';
import './data-stores.css';
import { FormButtons } from '../../ui/FormButtons';
import { CurlCommand } from '../../ui/CurlCommand';

/**
 * The Data stores section: `#/data-stores`, `#/data-stores/new`, `#/data-stores/<ds_…>` (its
 * records), `#/data-stores/<ds_…>/new` and `#/data-stores/<ds_…>/records/<key>` (the editor).
 */
export function DataStoresScreen() {
  return (
    <Switch>
      <Route path="/new">
        <StoresPage detail={<NewStore />} />
      </Route>
      <Route path="/:id" nest>
        <StorePage />
      </Route>
      <Route>
        <StoresPage detail={<p className="muted">Select a data store to browse and edit its records, or create a new one.</p>} />
      </Route>
    </Switch>
  );
}

function StoresPage({ detail }: { detail: ReactNode }) {
  return (
    <Page
      title="Data stores"
      actions={
        <Link href="/new" className="button-link primary">
          New data store
        </Link>
      }
    >
      <Split list={<StoreList />} detail={detail} />
    </Page>
  );
}

function StoreList() {
  const stores = useStore((s) => s.dataStores);
  const loaded = useStore((s) => s.loaded.data_stores);
  const loadError = useStore((s) => s.loadErrors.data_stores);
  const params = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const ids = useMemo(() => stores.map((s) => s.id), [stores]);
  const keys = useMemo(() => ({ select: (x: string) => navigate(`/${x}`) }), [navigate]);
  useRowKeys(ids, params.id, keys);
  if (loadError) return <ErrorNote error={loadError} />;
  if (loaded && stores.length === 0) {
    return (
      <EmptyState title="No data stores yet">
        A data store is a named key-value store that sources and workflow steps share through a <code>{'{ type: "data_store" }'}</code> prop. Click{' '}
        <b>New data store</b>, or from a terminal: <CurlCommand method="POST" path="/v1/data_stores" body={{ name: 'customers' }} />
      </EmptyState>
    );
  }
  return (
    <table className="rows" aria-label="Data stores">
      <thead>
        <tr>
          <th>Name</th>
          <th>Records</th>
          <th>Id</th>
          <th>Updated</th>
        </tr>
      </thead>
      <tbody>
        {stores.map((s) => (
          <tr key={s.id} aria-selected={s.id === params.id} onClick={() => navigate(`/${s.id}`)}>
            <td>{s.name}</td>
            <td className="ds-count">{s.record_count}</td>
            <td>
              <ShortId id={s.id} />
            </td>
            <td>
              <RelativeTime ms={s.updated_at * 1000} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A new store: just its name (unique in the account). */
function NewStore() {
  const create = useStore((s) => s.createDataStore);
  const error = useStore((s) => s.dataStoreErrors.create);
  const clear = useStore((s) => s.clearDataStoreError);
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const store = await create(name);
    setBusy(false);
    if (store) navigate(`/${store.id}`);
  };
  return (
    <form className="form" aria-label="New data store" onSubmit={submit}>
      <h2>Create a data store</h2>
      <div className={`field${error ? ' invalid' : ''}`}>
        <label htmlFor="ds-name">Name</label>
        <input id="ds-name" autoFocus placeholder="customers" value={name} onChange={(e) => setName(e.target.value)} />
        <span className="hint">Unique in this account. Components reach the store through a prop configured as {'{"data_store_id": "ds_…"}'}.</span>
      </div>
      <ErrorNote error={error} onDismiss={() => clear('create')} />
      <FormButtons submit="Create data store" disabled={busy || !name.trim()} onCancel={() => navigate('/')} />
    </form>
  );
}
