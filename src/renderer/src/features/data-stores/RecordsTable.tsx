import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { RelativeTime } from '../../ui/RelativeTime';
import { absoluteTime } from '../../ui/format';
import { useRowKeys } from '../../ui/use-row-keys';
import { expiryLabel, keyFromPath, keyToPath, liveRecords, valuePreview } from './record-logic';
import { CurlCommand } from '../../ui/CurlCommand';

/** The current time, every second: expiry labels count down and expired rows drop out. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** A store's records, newest write first: key, value preview, expiry and last write. Live. */
export function RecordsTable({ storeId }: { storeId: string }) {
  const state = useStore((s) => s.storeRecords[storeId]);
  const load = useStore((s) => s.loadRecords);
  const params = useParams<{ key?: string }>();
  const selected = params.key === undefined ? undefined : keyFromPath(params.key);
  const [, navigate] = useLocation();
  const [filter, setFilter] = useState('');
  const now = useNow();
  useEffect(() => {
    void load(storeId);
  }, [storeId, load]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return liveRecords(state?.records ?? [], now).filter((r) => !f || r.key.toLowerCase().includes(f));
  }, [state, filter, now]);
  const ids = useMemo(() => shown.map((r) => r.key), [shown]);
  const keys = useMemo(() => ({ select: (k: string) => navigate(`/records/${keyToPath(k)}`) }), [navigate]);
  useRowKeys(ids, selected, keys);

  if (state?.error) return <ErrorNote error={state.error} />;
  if (state && !state.loading && state.records.length === 0) {
    return (
      <EmptyState title="No records in this store">
        Click <b>Add record</b>; or from a component with a <code>{'{ type: "data_store" }'}</code> prop, <code>{'await this.store.set("key", value)'}</code>; or{' '}
        from a terminal: <CurlCommand method="PUT" path={`/v1/data_stores/${storeId}/records/key`} body={{ value: 1 }} />
      </EmptyState>
    );
  }
  return (
    <div className="ds-records">
      <FilterBar value={filter} onChange={setFilter} placeholder="Filter keys">
        {state && (
          <span className="muted">
            {state.total} record{state.total === 1 ? '' : 's'}
          </span>
        )}
      </FilterBar>
      <table className="rows" aria-label="Records">
        <thead>
          <tr>
            <th>Key</th>
            <th>Value</th>
            <th>Expires</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.key} aria-selected={r.key === selected} onClick={() => navigate(`/records/${keyToPath(r.key)}`)}>
              <td className="mono ds-key" title={r.key}>
                {r.key}
              </td>
              <td className="mono ds-value">{valuePreview(r.value)}</td>
              <td className={r.expires_at === null ? 'muted' : 'ds-expiring'} title={r.expires_at === null ? 'Does not expire' : `Expires at ${absoluteTime(r.expires_at)}`}>
                {expiryLabel(r.expires_at, now)}
              </td>
              <td>
                <RelativeTime ms={r.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {state?.more && (
        <div className="pad">
          <button type="button" disabled={state.loading} onClick={() => void load(storeId, { more: true })}>
            Load older records
          </button>
        </div>
      )}
    </div>
  );
}
