import { useState } from 'react';
import type { ConfigurableProp } from '../../../../shared/resources';
import { Checkboxes } from './Checkboxes';
import { useRemoteOptions } from './use-remote-options';

/** A select (or checkboxes) filled by the component's async `options()`, with search and "Load more". */
export function RemoteOptionsInput({
  id,
  prop,
  componentId,
  configured,
  selected,
  multiple,
  onSelect,
}: {
  id: string;
  prop: ConfigurableProp;
  componentId: string;
  configured: Record<string, unknown>;
  selected: string[];
  multiple: boolean;
  onSelect(keys: string[]): void;
}) {
  const label = prop.label ?? prop.name;
  const { state, loading, error, loadMore, search, reload } = useRemoteOptions(componentId, prop.name, configured);
  const [query, setQuery] = useState('');
  const options = state?.options ?? [];
  // A configured value the loaded pages do not hold yet stays selectable.
  const extra = selected.filter((k) => k && !options.some((o) => o.key === k)).map((k) => ({ key: k, label: labelOfKey(k) }));
  const all = [...extra, ...options];
  return (
    <div className="remote-options">
      <div className="row">
        {multiple ? (
          <Checkboxes id={id} options={all} selected={selected} onSelect={onSelect} />
        ) : (
          <select id={id} value={selected[0] ?? ''} onChange={(e) => onSelect([e.target.value])}>
            <option value="">{loading && !state ? 'Loading options…' : `— choose (${options.length} loaded) —`}</option>
            {all.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        )}
        {state?.more && (
          <button type="button" onClick={loadMore} disabled={loading} aria-label={`Load more options for ${label}`}>
            Load more
          </button>
        )}
        <button type="button" className="icon-button" onClick={reload} disabled={loading} aria-label={`Reload options for ${label}`} title="Ask the component again with the values configured now">
          ↻
        </button>
        {loading && <span className="progress">loading options</span>}
      </div>
      <div className="row">
        <input
          type="search"
          aria-label={`Search options for ${label}`}
          placeholder="Search options"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search(query);
            }
          }}
        />
        <button type="button" onClick={() => search(query)} disabled={loading}>
          Search
        </button>
      </div>
      {error && (
        <span className="field-error" role="alert">
          Options: {error}
        </span>
      )}
    </div>
  );
}

function labelOfKey(k: string): string {
  try {
    const v = JSON.parse(k);
    return typeof v === 'string' ? v : k;
  } catch {
    return k;
  }
}
