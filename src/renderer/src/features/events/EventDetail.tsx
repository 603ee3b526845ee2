import type { SseEmitFrame } from '../../../../shared/resources';
import { CopyButton } from '../../ui/CopyButton';
import { JsonTree } from '../../ui/JsonTree';
import { ShortId } from '../../ui/ShortId';
import { absoluteTime } from '../../ui/format';
import { channelLabel } from './event-logic';
import { EventRerun } from './EventRerun';
import { downloadFixture } from './fixture-download';

/** One event: its payload as a tree, its metadata, re-run (its original input, or the payload) and save as fixture. */
export function EventDetail({ emitterId, frame }: { emitterId: string; frame: SseEmitFrame }) {
  const m = frame.metadata;
  return (
    <article className="event-detail" aria-label={`Event ${frame.id}`}>
      <header className="row">
        <h2>{frame.sum ?? 'Event'}</h2>
        <span className={`channel-tag${frame.name === '$errors' ? ' errors' : ''}`}>{channelLabel(frame.name)}</span>
        <span className="row event-detail-tools">
          <CopyButton text={frame.id} label="Copy event id" />
          <button type="button" onClick={() => downloadFixture(emitterId, frame)}>
            Save as fixture
          </button>
        </span>
      </header>
      <h3>Payload</h3>
      <section aria-label="Payload" className="event-payload">
        <JsonTree value={frame.e} depth={3} />
      </section>
      <h3>Metadata</h3>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <code>{frame.id}</code>
        </dd>
        <dt>Stored</dt>
        <dd title={String(frame.ts)}>{absoluteTime(frame.ts)}</dd>
        <dt>Channel</dt>
        <dd>{channelLabel(frame.name)}</dd>
        <dt>Emitter</dt>
        <dd>
          <ShortId id={m.emitter_id} copy />
        </dd>
        <dt>Emit id</dt>
        <dd>
          <code>{m.emit_id}</code>
        </dd>
        {m.summary !== undefined && (
          <>
            <dt>Summary</dt>
            <dd>{m.summary}</dd>
          </>
        )}
        {m.ts !== undefined && (
          <>
            <dt>Event ts</dt>
            <dd>{m.ts}</dd>
          </>
        )}
        <dt>Hops</dt>
        <dd>{m.hops ?? 0}</dd>
        {m.trigger_id !== undefined && (
          <>
            <dt>Trigger</dt>
            <dd title="The kept input of the invocation that emitted it (re-run below)">
              <code>{m.trigger_id}</code>
            </dd>
          </>
        )}
      </dl>
      <EventRerun emitterId={emitterId} frame={frame} />
    </article>
  );
}
