import { compareEventIds, parseEventId } from '../../shared/ids';
import type { SseEmitFrame } from '../../shared/resources';
import type { EventBus } from '../runtime/event-bus';
import { eventMetadata } from '../runtime/event-views';
import type { SourceRuntime } from '../runtime/source-runtime';
import type { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';
import type { EventLog, StoredEvent } from '../engine/ports/event-log';

/** One frame of a live stream: `id:` and `event:` when set, and the `data:` to send as JSON. */
export interface StreamFrame {
  id?: string;
  event?: string;
  data: unknown;
}

/** Starts sending a stream's frames to `send`; returns the function that stops it. */
export type OpenStream = (send: (f: StreamFrame) => void) => () => void;

export interface StreamsServiceDeps {
  sources: SourceRuntime;
  workflows: WorkflowRuntime;
  events: EventLog;
  bus: EventBus;
}

/**
 * The live streams: a source's events and logs, a workflow's `$.send.sse` messages, and the
 * account-wide feed. Each method checks the resource exists (throws not_found) before the
 * stream opens, so an unknown id is an error answer, not an empty stream.
 */
export class StreamsService {
  constructor(private readonly deps: StreamsServiceDeps) {}

  /** Each new event of every channel of a source; resumes after `lastEventId` when given. */
  sourceEvents(id: string, lastEventId: string): OpenStream {
    this.deps.sources.get(id);
    const resumeFrom = parseEventId(lastEventId);
    return (send) => {
      let lastSent = resumeFrom;
      const deliver = (e: StoredEvent) => {
        const parts = parseEventId(e.id)!;
        if (lastSent && compareEventIds(parts, lastSent) <= 0) return;
        lastSent = parts;
        send({ id: e.id, data: emitFrame(id, e) });
      };
      // Subscribe before replaying, so nothing stored in between is missed (dupes are skipped).
      const off = this.deps.bus.onEvent(id, deliver);
      if (resumeFrom) for (const e of this.deps.events.since(id, resumeFrom)) deliver(e);
      return off;
    };
  }

  /** Each new console line of a source. */
  sourceLogs(id: string): OpenStream {
    this.deps.sources.get(id);
    return (send) => this.deps.bus.onLog(id, (line) => send({ data: line }));
  }

  /** Each `$.send.sse` message of a workflow (`event:` = its channel). */
  workflowMessages(id: string): OpenStream {
    this.deps.workflows.get(id);
    return (send) => this.deps.bus.onSse(id, (m) => send({ event: m.channel, data: m.payload }));
  }

  /**
   * Everything that happens in the account, each a `FeedFrame`: emits, logs, runs, activity, and
   * the changes services publish after their commits. No replay.
   */
  feed(): OpenStream {
    return (send) => {
      const offs = [
        this.deps.bus.onAnyEvent((emitterId, e) => send({ data: { type: 'emit', emitter_id: emitterId, frame: emitFrame(emitterId, e) } })),
        this.deps.bus.onAnyLog((sourceId, line) => send({ data: { type: 'log', source_id: sourceId, line } })),
        this.deps.bus.onFeed((frame) => send({ data: frame })),
      ];
      return () => offs.forEach((off) => off());
    };
  }
}

/** A stored event as the SSE streams send it. */
export function emitFrame(emitterId: string, e: StoredEvent): SseEmitFrame {
  return {
    k: 'emit',
    id: e.id,
    ts: e.ms,
    e: e.ev,
    sum: e.sum ?? null,
    name: e.ch,
    metadata: eventMetadata(emitterId, e),
  };
}
