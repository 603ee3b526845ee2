import type { StateCreator } from 'zustand';
import type { RunResult, SseEmitFrame, WorkflowRun } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import { emitterKind, summaryToFrame, type EmitterKind } from './event-logic';

/** How many live events per emitter the page keeps (the service retains 100 per channel). */
export const LIVE_EVENT_CAP = 200;

/** Where a re-run went and what came back. */
export type RerunOutcome = { kind: 'source'; targetId: string; result: RunResult } | { kind: 'workflow'; targetId: string; run: WorkflowRun };

export interface RerunState {
  /** The event (`<emitter>/<event id>`) the re-run started from. */
  key: string;
  busy: boolean;
  outcome?: RerunOutcome;
  error?: string;
}

/** Per emitter: whether its retained events are being read, and which named channels were read. */
export interface EventLoad {
  loading: boolean;
  error?: string;
  channels: string[];
}

/** Events as they arrive on the account stream, newest first, per emitter (source or workflow). */
export interface EventsSlice {
  liveEvents: Record<string, SseEmitFrame[]>;
  /** Retained events per emitter (default channel, plus `$errors` for workflows), kept up as events arrive. */
  eventCounts: Record<string, number>;
  eventLoads: Record<string, EventLoad>;
  rerun: RerunState | null;
  addLiveEvent(emitterId: string, frame: SseEmitFrame): void;
  /** Seeds (or replaces) an emitter's list from event_summaries, keeping newer live rows. */
  setEvents(emitterId: string, frames: SseEmitFrame[]): void;
  /** Reads an emitter's retained events of one channel (`""`: default; workflows also read `$errors`). */
  loadEvents(emitterId: string, channel?: string): Promise<void>;
  loadEventCounts(emitterIds: string[]): Promise<void>;
  /** Deletes every event of a source (all channels). */
  deleteEvents(sourceId: string): Promise<void>;
  /**
   * Runs `event` through a source or a workflow; the outcome lands in `rerun`. With `fromEvent`
   * (a source's own event) the source re-runs that event's original input, or `event` in its place.
   */
  rerunEvent(key: string, target: { kind: EmitterKind; id: string }, event: unknown, fromEvent?: string): Promise<void>;
  clearRerun(): void;
}

/** Reads the event_summaries pages of an emitter for one channel (a workflow's default channel also reads `$errors`). */
function summaryPages(id: string, channel: string, query: { expand?: 'event'; limit: number }) {
  const named = channel ? { ...query, event_name: channel } : query;
  if (emitterKind(id) === 'source') return [client.call('sourceEventSummaries', { id, query: named })];
  const pages = [client.call('workflowEventSummaries', { id, query: named })];
  if (channel === '') pages.push(client.call('workflowErrorSummaries', { id, query }));
  return pages;
}

const key = (f: SseEmitFrame) => `${f.name}\u0000${f.id}`;

export const createEventsSlice: StateCreator<EventsSlice, [], [], EventsSlice> = (set, get) => ({
  liveEvents: {},
  eventCounts: {},
  eventLoads: {},
  rerun: null,
  addLiveEvent: (emitterId, frame) =>
    set((s) => {
      const list = s.liveEvents[emitterId] ?? [];
      if (list.some((f) => f.id === frame.id && f.name === frame.name)) return {};
      const count = s.eventCounts[emitterId];
      return {
        liveEvents: { ...s.liveEvents, [emitterId]: [frame, ...list].slice(0, LIVE_EVENT_CAP) },
        ...(count === undefined ? {} : { eventCounts: { ...s.eventCounts, [emitterId]: count + 1 } }),
      };
    }),
  setEvents: (emitterId, frames) =>
    set((s) => {
      const seen = new Set(frames.map(key));
      const newer = (s.liveEvents[emitterId] ?? []).filter((f) => !seen.has(key(f)));
      const merged = [...newer, ...frames].sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : -1));
      return { liveEvents: { ...s.liveEvents, [emitterId]: merged.slice(0, LIVE_EVENT_CAP) } };
    }),
  async loadEvents(emitterId, channel = '') {
    const prev = get().eventLoads[emitterId]?.channels ?? [];
    const channels = channel && !prev.includes(channel) ? [...prev, channel] : prev;
    const setLoad = (l: Omit<EventLoad, 'channels'>) => set((s) => ({ eventLoads: { ...s.eventLoads, [emitterId]: { ...l, channels } } }));
    setLoad({ loading: true });
    try {
      const pages = await Promise.all(summaryPages(emitterId, channel, { expand: 'event', limit: 100 }));
      get().setEvents(emitterId, pages.flatMap((p) => p.data).map(summaryToFrame));
      setLoad({ loading: false });
    } catch (err) {
      setLoad({ loading: false, error: messageOf(err) });
    }
  },
  async loadEventCounts(emitterIds) {
    const counts = await Promise.all(
      emitterIds.map(async (id) => {
        try {
          const pages = await Promise.all(summaryPages(id, '', { limit: 1 }));
          return [id, pages.reduce((n, p) => n + p.page_info.total_count, 0)] as const;
        } catch {
          return null; // an emitter deleted meanwhile simply has no count
        }
      }),
    );
    set((s) => ({ eventCounts: { ...s.eventCounts, ...Object.fromEntries(counts.filter((c) => c !== null)) } }));
  },
  async deleteEvents(sourceId) {
    await client.call('deleteSourceEvents', { id: sourceId });
    set((s) => ({ liveEvents: { ...s.liveEvents, [sourceId]: [] }, eventCounts: { ...s.eventCounts, [sourceId]: 0 } }));
  },
  async rerunEvent(rerunKey, target, event, fromEvent) {
    set({ rerun: { key: rerunKey, busy: true } });
    try {
      const outcome: RerunOutcome = fromEvent
        ? { kind: 'source', targetId: target.id, result: await client.data('rerunSourceEvent', { id: target.id, event_id: fromEvent, body: event === undefined ? {} : { event } }) }
        : target.kind === 'source'
          ? { kind: 'source', targetId: target.id, result: await client.data('runSource', { id: target.id, body: { event } }) }
          : { kind: 'workflow', targetId: target.id, run: await client.data('runWorkflow', { id: target.id, body: { event } }) };
      set({ rerun: { key: rerunKey, busy: false, outcome } });
    } catch (err) {
      set({ rerun: { key: rerunKey, busy: false, error: messageOf(err) } });
    }
  },
  clearRerun: () => set({ rerun: null }),
});
