import { useEffect, useMemo, useState } from 'react';
import type { SearchHit } from '../../../../shared/search-api';
import { client, messageOf } from '../../api/client';
import { Chips } from '../../ui/Chips';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { Page } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { StatusBadge } from '../../ui/StatusBadge';
import { useRowKeys } from '../../ui/use-row-keys';
import { queryParam } from '../sources/use-query-param';
import { apiQuery, highlight, hitHref, paramsOf, SINCES, STATUSES, stateFromParams, type SearchState } from './search-model';
import './search.css';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 250;

function initialState(): SearchState {
  const params = new URLSearchParams();
  for (const k of ['q', 'status', 'since']) {
    const v = queryParam(k);
    if (v !== null) params.set(k, v);
  }
  return stateFromParams(params);
}

/** `#/search?q=…&status=error&since=1d`: every source's events and workflow's runs by payload, status and time. */
export function SearchScreen() {
  const [state, setState] = useState<SearchState>(initialState);
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string>();

  useEffect(() => {
    // The URL follows the filters, so a search can be bookmarked and shared.
    const qs = paramsOf(state);
    window.history.replaceState(null, '', `#/search${qs ? `?${qs}` : ''}`);
    let stale = false;
    const t = setTimeout(() => {
      client.call('search', { query: apiQuery(state, Date.now()) }).then(
        (r) => {
          if (stale) return;
          setHits(r.data);
          setTotal(r.page_info.total_count);
          setError(null);
        },
        (err) => !stale && setError(messageOf(err)),
      );
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [state]);

  const keyOf = (h: SearchHit) => `${h.kind}:${h.id}`;
  const ids = useMemo(() => (hits ?? []).map(keyOf), [hits]);
  const keys = useMemo(
    () => ({
      select: setSelected,
      open: (key: string) => {
        const h = hits?.find((x) => keyOf(x) === key);
        if (h) window.location.hash = hitHref(h);
      },
    }),
    [hits],
  );
  useRowKeys(ids, selected, keys);

  return (
    <Page title="Search">
      <FilterBar value={state.q} onChange={(q) => setState((s) => ({ ...s, q }))} placeholder="Search payloads, results and errors (field:value works too)">
        <Chips label="Status" className="search-chips" options={STATUSES} value={state.status} onChange={(status) => setState((x) => ({ ...x, status }))} />
        <Chips label="Time" className="search-chips" options={SINCES} value={state.since} onChange={(since) => setState((x) => ({ ...x, since }))} />
      </FilterBar>
      <ErrorNote error={error} onDismiss={() => setError(null)} />
      {hits === null ? (
        !error && <p className="progress pad">Searching…</p>
      ) : hits.length === 0 ? (
        <EmptyState title="Nothing found">
          {state.q ? 'No event or run contains that text with these filters. Try fewer words, another status or a longer time span.' : 'No events or runs in this time span yet.'}
        </EmptyState>
      ) : (
        <>
          <p className="search-count muted" aria-live="polite">
            {total === hits.length ? `${total} found` : `${hits.length} of ${total} found (newest first)`}
          </p>
          <table className="rows search-results" aria-label="Search results">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Name</th>
                <th>Time</th>
                <th>Status</th>
                <th>Id</th>
                <th>Match</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h) => (
                <tr key={keyOf(h)} aria-selected={selected === keyOf(h)} onClick={() => (window.location.hash = hitHref(h))}>
                  <td>
                    <span className={`search-kind search-kind-${h.kind}`} title={h.kind === 'workflow_run' ? 'A workflow run' : 'A source event'}>
                      <span aria-hidden="true">{h.kind === 'workflow_run' ? '▶' : '⚡'}</span> {h.kind === 'workflow_run' ? 'run' : 'event'}
                    </span>
                  </td>
                  <td>{h.name}</td>
                  <td>
                    <RelativeTime ms={h.ts} />
                  </td>
                  <td>
                    <StatusBadge status={h.status === 'error' ? 'error' : h.run_status && h.run_status !== 'error' ? h.run_status : 'success'} />
                  </td>
                  <td>
                    <a href={hitHref(h)} aria-label={`Open ${h.kind === 'workflow_run' ? 'run' : 'event'} ${h.id}`} onClick={(e) => e.stopPropagation()}>
                      <ShortId id={h.id} />
                    </a>
                  </td>
                  <td className="mono search-match" title={h.match || h.summary}>
                    {h.match ? highlight(h.match, state.q).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>)) : <span className="muted">{h.summary}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Page>
  );
}
