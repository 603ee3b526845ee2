import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { Page, Split } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { messageOf } from '../../api/client';
import { useRowKeys } from '../../ui/use-row-keys';
import { EventDetail } from './EventDetail';
import { channelLabel, channelsOf, emitterKind, filterEvents, findEvent } from './event-logic';

/** One emitter's recent events, newest first and live, with the selected event beside them. */
export function EmitterEvents({ emitterId, eventId }: { emitterId: string; eventId?: string }) {
  const kind = emitterKind(emitterId);
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const frames = useStore((s) => s.liveEvents[emitterId]);
  const load = useStore((s) => s.eventLoads[emitterId]);
  const count = useStore((s) => s.eventCounts[emitterId]);
  const loadEvents = useStore((s) => s.loadEvents);
  const deleteEvents = useStore((s) => s.deleteEvents);
  const rerunEvent = useStore((s) => s.rerunEvent);
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<string | null>(null);
  const [named, setNamed] = useState('');
  const [selected, setSelected] = useState(eventId);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const loadEventCounts = useStore((s) => s.loadEventCounts);
  useEffect(() => {
    void loadEvents(emitterId);
    void loadEventCounts([emitterId]);
  }, [emitterId, loadEvents, loadEventCounts]);
  useEffect(() => setSelected(eventId), [eventId]);

  const name = (kind === 'source' ? sources : workflows).find((e) => e.id === emitterId)?.name;
  const all = useMemo(() => frames ?? [], [frames]);
  const channels = channelsOf(all, load?.channels);
  const shown = useMemo(() => filterEvents(all, { channel, text }), [all, channel, text]);
  const open = findEvent(all, eventId ?? '');

  const keys = useMemo(
    () => ({
      select: setSelected,
      open: (id: string) => navigate(`/${emitterId}/${id}`),
      rerun: (id: string) => {
        const f = findEvent(all, id);
        if (!f) return;
        navigate(`/${emitterId}/${id}`);
        void rerunEvent(`${emitterId}/${id}`, { kind, id: emitterId }, f.e);
      },
    }),
    [navigate, emitterId, all, kind, rerunEvent],
  );
  useRowKeys(
    shown.map((f) => f.id),
    selected,
    keys,
  );

  const loadNamed = () => {
    const ch = named.trim();
    if (!ch) return;
    void loadEvents(emitterId, ch);
    setChannel(ch);
    setNamed('');
  };

  const actions = (
    <>
      <label className="row">
        <span className="muted">Emitter</span>
        <select aria-label="Emitter" value={emitterId} onChange={(e) => navigate(`/${e.target.value}`)}>
          {!name && <option value={emitterId}>{emitterId}</option>}
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              Source: {s.name}
            </option>
          ))}
          {workflows.map((w) => (
            <option key={w.id} value={w.id}>
              Workflow: {w.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => void loadEvents(emitterId)} disabled={load?.loading}>
        Reload
      </button>
      {kind === 'source' && (
        <ConfirmButton
          label="Delete all events"
          question={`Delete every event of ${name ?? emitterId}, on every channel (${count ?? all.length} retained on the default channel)? They cannot be recovered.`}
          disabled={all.length === 0}
          onConfirm={async () => {
            setDeleteError(null);
            try {
              await deleteEvents(emitterId);
              navigate(`/${emitterId}`);
            } catch (err) {
              setDeleteError(messageOf(err));
            }
          }}
        />
      )}
    </>
  );

  const list = (
    <>
      <FilterBar value={text} onChange={setText} placeholder="Search summary and payload">
        <div className="row" role="group" aria-label="Channels">
          <button type="button" className="chip" aria-pressed={channel === null} onClick={() => setChannel(null)}>
            all
          </button>
          {channels.map((c) => (
            <button key={c} type="button" className="chip" aria-pressed={channel === c} onClick={() => setChannel(c)}>
              {channelLabel(c)}
            </button>
          ))}
        </div>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            loadNamed();
          }}
        >
          <input className="mono channel-input" aria-label="Channel name" placeholder="channel name" value={named} onChange={(e) => setNamed(e.target.value)} />
          <button type="submit" disabled={!named.trim()}>
            Load channel
          </button>
        </form>
      </FilterBar>
      <ErrorNote error={load?.error ?? deleteError} />
      {shown.length === 0 ? (
        load?.loading || !load ? (
          <p className="pad muted">Reading events…</p>
        ) : all.length === 0 ? (
          <EmptyState title="No events yet">
            {kind === 'source' ? (
              <>
                Events appear here as soon as this source emits: send a request to its endpoint, or use <strong>Run now</strong> on{' '}
                <Link href={`~/sources/${emitterId}`}>the source</Link>.
              </>
            ) : (
              <>
                A workflow&apos;s events are what its steps send with <code>$.send.emit()</code>, and its <code>$errors</code>. Run{' '}
                <Link href={`~/workflows/${emitterId}`}>the workflow</Link> to produce some.
              </>
            )}
          </EmptyState>
        ) : (
          <p className="pad muted">No event matches this filter.</p>
        )
      ) : (
        <table className="rows events-table" aria-label="Events">
          <thead>
            <tr>
              <th>Time</th>
              <th>Channel</th>
              <th>Summary</th>
              <th>Id</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr
                key={`${f.name}/${f.id}`}
                aria-selected={selected === f.id}
                aria-current={eventId === f.id ? 'true' : undefined}
                onClick={() => navigate(`/${emitterId}/${f.id}`)}
              >
                <td className="events-time">
                  <RelativeTime ms={f.ts} />
                </td>
                <td>
                  <span className={`channel-tag${f.name === '$errors' ? ' errors' : ''}`}>{channelLabel(f.name)}</span>
                </td>
                <td className="events-summary">{f.sum ?? <span className="muted">{preview(f.e)}</span>}</td>
                <td>
                  <ShortId id={f.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );

  const detail = eventId ? (
    open ? (
      <EventDetail key={`${open.name}/${open.id}`} emitterId={emitterId} frame={open} />
    ) : load?.loading || !load ? (
      <p className="muted">Reading events…</p>
    ) : (
      <EmptyState title={`Event ${eventId} is not loaded`}>
        It may be on a named channel (type its name in <strong>Channel name</strong> and press <strong>Load channel</strong>), or it was deleted.
      </EmptyState>
    )
  ) : (
    <EmptyState title="Select an event">
      Click a row, or move with <kbd>j</kbd>/<kbd>k</kbd> and press <kbd>Enter</kbd>; <kbd>r</kbd> re-runs it into {kind === 'source' ? 'its source' : 'the workflow'}.
    </EmptyState>
  );

  return (
    <Page title={name ? `Events — ${name}` : 'Events'} actions={actions}>
      <div className="events-crumbs">
        <Link href="/">All emitters</Link>
        <span className="muted">{kind}</span>
        <ShortId id={emitterId} copy />
        <span className="muted">{all.length} loaded · live</span>
        {kind === 'source' && <Link href={`~/logs/${emitterId}`}>Logs</Link>}
      </div>
      <Split list={list} detail={detail} />
    </Page>
  );
}

/** A short look at a payload for rows without a summary. */
function preview(e: unknown): string {
  const s = JSON.stringify(e) ?? 'undefined';
  return s.length > 120 ? s.slice(0, 119) + '…' : s;
}
