import { useEffect, useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import type { DataStore, DataStoreRecord } from '../../../../shared/data-stores';
import { client, messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page, Split } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { keyFromPath } from './record-logic';
import { RecordEditor } from './RecordEditor';
import { RecordsTable } from './RecordsTable';

/** One store (`#/data-stores/<id>…`): its facts, its records, and the record editor beside them. */
export function StorePage() {
  const { id } = useParams<{ id: string }>();
  const store = useStore((s) => s.dataStores.find((x) => x.id === id));
  const loaded = useStore((s) => s.loaded.data_stores);
  if (!store) {
    return (
      <Page title="Data stores">
        <div className="pad">
          {loaded && <ErrorNote error={`No data store ${id} (it may have been deleted).`} />}
          <Link href="~/data-stores">← All data stores</Link>
        </div>
      </Page>
    );
  }
  return (
    <Page
      title={store.name}
      actions={
        <>
          <Link href="~/data-stores">← All data stores</Link>
          <Link href="/new" className="button-link primary">
            Add record
          </Link>
        </>
      }
    >
      <StoreFacts store={store} />
      <Switch>
        <Route path="/new">
          <Split list={<RecordsTable storeId={id} />} detail={<RecordEditor key="new" storeId={id} record={null} />} />
        </Route>
        <Route path="/records/:key">
          <Split list={<RecordsTable storeId={id} />} detail={<SelectedRecord storeId={id} />} />
        </Route>
        <Route>
          <Split list={<RecordsTable storeId={id} />} detail={<p className="muted">Select a record to see and edit its value, or add one.</p>} />
        </Route>
      </Switch>
    </Page>
  );
}

function StoreFacts({ store }: { store: DataStore }) {
  const remove = useStore((s) => s.deleteDataStore);
  const error = useStore((s) => s.dataStoreErrors[store.id]);
  const clear = useStore((s) => s.clearDataStoreError);
  const [, navigate] = useLocation();
  const usage = `{"data_store_id": "${store.id}"}`;
  return (
    <div className="pad ds-facts">
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <ShortId id={store.id} copy />
        </dd>
        <dt>Use it as</dt>
        <dd>
          <code>{usage}</code> <CopyButton text={usage} label="Copy prop value" />
        </dd>
        <dt>Records</dt>
        <dd>{store.record_count}</dd>
        <dt>Used by</dt>
        <dd>
          {store.used_by.length === 0 ? (
            <span className="muted">no source or workflow step yet</span>
          ) : (
            <ul className="ds-users">
              {store.used_by.map((u) => (
                <li key={`${u.id}/${u.step ?? ''}/${u.prop}`}>
                  <a href={`#/${u.type === 'source' ? 'sources' : 'workflows'}/${u.id}`}>{u.name}</a>{' '}
                  <span className="muted">
                    ({u.type}
                    {u.step ? `, step ${u.step}` : ''}, prop <code>{u.prop}</code>)
                  </span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Updated</dt>
        <dd>
          <RelativeTime ms={store.updated_at * 1000} />
        </dd>
      </dl>
      <ErrorNote error={error} onDismiss={() => clear(store.id)} />
      <div className="row">
        <ConfirmButton
          label="Delete data store"
          disabled={store.used_by.length > 0}
          question={`Delete “${store.name}” and its ${store.record_count} record${store.record_count === 1 ? '' : 's'}? This cannot be undone.`}
          onConfirm={async () => {
            if (await remove(store.id)) navigate('~/data-stores');
          }}
        />
        {store.used_by.length > 0 && <span className="muted">In use: point the props above at another store (or delete them) first.</span>}
      </div>
    </div>
  );
}

/** The record named in the URL: from the records read so far, else read on its own. */
function SelectedRecord({ storeId }: { storeId: string }) {
  const { key: segment } = useParams<{ key: string }>();
  const key = keyFromPath(segment);
  const listed = useStore((s) => s.storeRecords[storeId]?.records.find((r) => r.key === key));
  const [fetched, setFetched] = useState<{ key: string; record: DataStoreRecord | null; error?: string } | null>(null);
  useEffect(() => {
    if (listed) return;
    let stale = false;
    client
      .data('getRecord', { id: storeId, key })
      .then((record) => !stale && setFetched({ key, record }))
      .catch((err) => !stale && setFetched({ key, record: null, error: messageOf(err) }));
    return () => {
      stale = true;
    };
  }, [storeId, key, listed]);
  const record = listed ?? (fetched?.key === key ? fetched.record : null);
  if (!record) {
    if (fetched?.key === key) return <ErrorNote error={`No record “${key}” (it may have been deleted, or it expired). ${fetched.error ?? ''}`} />;
    return null;
  }
  return <RecordEditor key={`${storeId}\n${key}`} storeId={storeId} record={record} />;
}
